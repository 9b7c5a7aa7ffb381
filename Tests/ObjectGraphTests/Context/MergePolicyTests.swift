import Foundation
import SQLite3
import XCTest
@testable import ObjectGraph

/// Two contexts change one row: rows carry a version (`Z_OPT`), a save over a version another
/// context raised meanwhile is a conflict, and the merge policy decides, as in Core Data.
final class MergePolicyTests: XCTestCase {
    /// Ana (30, ana@example.com) saved; `body` gets the main context's Ana, a background context
    /// and its Ana, both read before either changes her.
    private func twoContexts(
        _ kind: StoreType,
        _ body: (TestStack, Person, ManagedObjectContext, Person) throws -> Void
    ) throws {
        let stack = try TestStack(kind)
        let ana = Person(context: stack.context)
        ana.name = "Ana"
        ana.age = 30
        ana.email = "ana@example.com"
        try stack.context.save()
        let background = stack.container.newBackgroundContext()
        let other = try background.performAndWait {
            try XCTUnwrap(background.fetch(Person.fetchRequest()).first)
        }
        _ = other.performAndWaitName(in: background)
        try body(stack, ana, background, other)
    }

    /// Ana's row as a fresh context reads it: name, age, email.
    private func stored(_ stack: TestStack) throws -> String {
        let reader = stack.container.newBackgroundContext()
        return try reader.performAndWait {
            let person = try XCTUnwrap(reader.fetch(Person.fetchRequest()).first)
            return "\(person.name ?? "nil") \(person.age) \(person.email ?? "nil")"
        }
    }

    private func change(_ person: Person, in context: ManagedObjectContext, _ body: (Person) -> Void) throws {
        try context.performAndWait {
            body(person)
            try context.save()
        }
    }

    func testByDefaultTheSecondContextsSaveFailsWithTheConflictAndWritesNothing() throws {
        for kind in [StoreType.sqlite, .inMemory] {
            try twoContexts(kind) { stack, ana, background, other in
                try change(other, in: background) { $0.age = 31 }
                ana.email = "ana@new.example.com"
                XCTAssertTrue(stack.context.mergePolicy === MergePolicy.error, "Core Data's default")
                do {
                    try stack.context.save()
                    XCTFail("the save went through (\(kind))")
                } catch let error as NSError {
                    XCTAssertEqual(error.domain, NSCocoaErrorDomain)
                    XCTAssertEqual(error.code, 133020)
                    let conflicts = try XCTUnwrap(error.userInfo[ConflictListKey] as? [MergeConflict])
                    XCTAssertEqual(conflicts.count, 1, "\(kind)")
                    XCTAssertTrue(conflicts.first?.sourceObject === ana)
                    XCTAssertEqual(conflicts.first?.oldVersionNumber, 1)
                    XCTAssertEqual(conflicts.first?.newVersionNumber, 2)
                    XCTAssertEqual(conflicts.first?.persistedSnapshot?["age"] as? Int16, 31)
                    XCTAssertEqual(conflicts.first?.objectSnapshot?["email"] as? String, "ana@new.example.com")
                }
                XCTAssertEqual(try stored(stack), "Ana 31 ana@example.com", "nothing written (\(kind))")
                XCTAssertTrue(stack.context.hasChanges, "the changes stay for the app to decide (\(kind))")
                stack.context.refresh(ana, mergeChanges: true)
                try stack.context.save()
                XCTAssertEqual(try stored(stack), "Ana 31 ana@new.example.com", "saved once refreshed (\(kind))")
            }
        }
    }

    func testEachPolicyResolvesTheConflictAsCoreDataDescribesIt() throws {
        // The background context saves age 31 and email b@…; the main context changes what each
        // case says, then saves under the policy.
        let cases: [(MergePolicy, (Person) -> Void, String, String)] = [
            (.mergeByPropertyObjectTrump, { $0.email = "c@example.com" }, "Ana 31 c@example.com", "this context's email, the other's age"),
            (.mergeByPropertyStoreTrump, { $0.email = "c@example.com"; $0.name = "Anna" }, "Anna 31 b@example.com",
             "the other's email and age, this context's name"),
            (.overwrite, { $0.name = "Anna" }, "Anna 30 ana@example.com", "the whole object as this context holds it"),
            (.rollback, { $0.name = "Anna"; $0.email = "c@example.com" }, "Ana 31 b@example.com", "the other context's row"),
        ]
        for kind in [StoreType.sqlite, .inMemory] {
            for (policy, edit, expected, meaning) in cases {
                try twoContexts(kind) { stack, ana, background, other in
                    try change(other, in: background) {
                        $0.age = 31
                        $0.email = "b@example.com"
                    }
                    stack.context.mergePolicy = policy
                    edit(ana)
                    try stack.context.save()
                    XCTAssertEqual(try stored(stack), expected, "\(policy): \(meaning) (\(kind))")
                    XCTAssertEqual("\(ana.name ?? "nil") \(ana.age) \(ana.email ?? "nil")", expected, "\(policy) in memory (\(kind))")
                    XCTAssertFalse(stack.context.hasChanges, "\(policy) (\(kind))")
                    // The object is now at the row's version: another change saves without a conflict.
                    ana.age = 40
                    try stack.context.save()
                }
            }
        }
    }

    func testARowAnotherContextDeletedIsAConflictUnderEveryPolicy() throws {
        for kind in [StoreType.sqlite, .inMemory] {
            for policy in [MergePolicy.error, .mergeByPropertyObjectTrump, .overwrite] {
                try twoContexts(kind) { stack, ana, background, other in
                    try background.performAndWait {
                        background.delete(other)
                        try background.save()
                    }
                    stack.context.mergePolicy = policy
                    ana.name = "Anna"
                    XCTAssertThrowsError(try stack.context.save(), "\(policy) (\(kind))") { error in
                        XCTAssertEqual((error as NSError).code, 133020)
                        let conflict = ((error as NSError).userInfo[ConflictListKey] as? [MergeConflict])?.first
                        XCTAssertNotNil(conflict, "\(policy) (\(kind))")
                        XCTAssertNil(conflict?.persistedSnapshot, "deleted (\(kind))")
                        XCTAssertEqual(conflict?.newVersionNumber, 0)
                    }
                }
            }
        }
    }

    func testADeleteOfARowAnotherContextChangedFailsByDefaultAndGoesAheadUnderAMergingPolicy() throws {
        for kind in [StoreType.sqlite, .inMemory] {
            try twoContexts(kind) { stack, ana, background, other in
                try change(other, in: background) { $0.age = 31 }
                stack.context.delete(ana)
                XCTAssertThrowsError(try stack.context.save(), "\(kind)") { XCTAssertEqual(($0 as NSError).code, 133020) }
                stack.context.mergePolicy = .mergeByPropertyObjectTrump
                try stack.context.save()
                let reader = stack.container.newBackgroundContext()
                XCTAssertEqual(try reader.performAndWait { try reader.count(for: Person.fetchRequest()) }, 0, "\(kind)")
            }
        }
    }

    func testChangesToDifferentRowsSaveAndEachSaveRaisesTheRowsVersion() throws {
        try twoContexts(.sqlite) { stack, ana, background, _ in
            let bea = try background.performAndWait { () -> Person in
                let bea = Person(context: background)
                bea.name = "Bea"
                try background.save()
                return bea
            }
            try change(bea, in: background) { $0.age = 44 }
            ana.age = 33
            try stack.context.save()
            ana.age = 34
            try stack.context.save()
            XCTAssertEqual(try versions(stack.storeURL), ["Ana 3", "Bea 2"])
        }
    }

    func testAStoreWrittenBeforeRowsHadVersionsOpensAndSaves() throws {
        let stack = try TestStack(.sqlite)
        let ana = Person(context: stack.context)
        ana.name = "Ana"
        try stack.context.save()
        stack.container.persistentStoreCoordinator.removePersistentStores()
        var database: OpaquePointer?
        sqlite3_open(stack.storeURL.path, &database)
        XCTAssertEqual(sqlite3_exec(database, "ALTER TABLE ZPERSON DROP COLUMN Z_OPT", nil, nil, nil), SQLITE_OK)
        sqlite3_close(database)

        try stack.reopen()
        let person = try XCTUnwrap(stack.context.fetch(Person.fetchRequest()).first)
        person.age = 50
        try stack.context.save()
        XCTAssertEqual(try versions(stack.storeURL), ["Ana 2"], "version 1 given to old rows, 2 after the save")
    }

    /// Each person's name and `Z_OPT`, read with SQLite itself.
    private func versions(_ url: URL) throws -> [String] {
        var database: OpaquePointer?
        var statement: OpaquePointer?
        sqlite3_open_v2(url.path, &database, SQLITE_OPEN_READONLY, nil)
        defer { sqlite3_close(database) }
        XCTAssertEqual(sqlite3_prepare_v2(database, "SELECT ZNAME, Z_OPT FROM ZPERSON ORDER BY ZNAME", -1, &statement, nil), SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        var rows: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append("\(String(cString: sqlite3_column_text(statement, 0))) \(sqlite3_column_int64(statement, 1))")
        }
        return rows
    }
}

private extension Person {
    /// Reads the name on the context's queue, so that the object is no longer a fault there.
    func performAndWaitName(in context: ManagedObjectContext) -> String? {
        context.performAndWait { name }
    }
}
