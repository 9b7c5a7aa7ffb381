import Foundation
import SQLite3
import XCTest
@testable import ContactsRepository

/// The visible cases of Exercises/05-sqlite/02-contacts-repository/exercise.yml, in one process.
///
/// A `relaunch` cannot happen inside a test: where a case relaunches, the repository is closed
/// (what the driver's termination handler does) and a new one is opened. A step without
/// `expect` is compared with the reference by the grader; here it expects the reference's
/// result, worked out by hand. Container checks query the database directly with SQLite.
///
/// The tests use the real Documents folder (created when missing): each removes
/// `contacts.sqlite` and its `-wal`, `-shm` and `-journal` files first, and whatever it added
/// to the folder afterwards.
final class ContactsRepositoryTests: XCTestCase {
    private var documents: URL { FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0] }
    private var createdDocuments = false
    private var namesBefore: Set<String> = []
    /// Every repository a test opened, closed in tearDown.
    private var opened: [ContactsRepository] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        if !FileManager.default.fileExists(atPath: documents.path) {
            try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
            createdDocuments = true
        }
        removeDatabase()
        namesBefore = names()
    }

    override func tearDownWithError() throws {
        for repository in opened { try? repository.close() }
        opened = []
        for name in names().subtracting(namesBefore) {
            try? FileManager.default.removeItem(at: documents.appendingPathComponent(name))
        }
        if createdDocuments, names().isEmpty {
            try? FileManager.default.removeItem(at: documents)
        }
        try super.tearDownWithError()
    }

    private func names() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: documents.path)) ?? [])
    }

    private func removeDatabase() {
        for name in ["contacts.sqlite", "contacts.sqlite-wal", "contacts.sqlite-shm", "contacts.sqlite-journal"] {
            try? FileManager.default.removeItem(at: documents.appendingPathComponent(name))
        }
    }

    // MARK: - Helpers

    /// A new repository, as the first call of a launch opens one.
    private func open() throws -> ContactsRepository {
        let repository = try ContactsRepository()
        opened.append(repository)
        return repository
    }

    /// A relaunch: the old launch closes its repository on the way out, the next one opens one.
    private func relaunch(_ repository: ContactsRepository) throws -> ContactsRepository {
        try repository.close()
        return try open()
    }

    private func assertNotFound(_ expression: @autoclosure () throws -> Void,
                                file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            guard case ContactsError.notFound = error else {
                return XCTFail("expected ContactsError.notFound, got \(error)", file: file, line: line)
            }
        }
    }

    /// One value of a row, as the container checks write them.
    enum Cell: Equatable, CustomStringConvertible, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
        case integer(Int64)
        case text(String)
        case null

        init(integerLiteral value: Int64) { self = .integer(value) }
        init(stringLiteral value: String) { self = .text(value) }

        var description: String {
            switch self {
            case .integer(let value): return String(value)
            case .text(let value): return "\"\(value)\""
            case .null: return "null"
            }
        }
    }

    /// The rows `sql` returns on Documents/contacts.sqlite, read through a connection of the
    /// test's own (what the grader's `is: sqlite` container check does on a copy of the file).
    private func rows(_ sql: String, file: StaticString = #filePath, line: UInt = #line) -> [[Cell]] {
        var db: OpaquePointer?
        defer { sqlite3_close(db) }
        let path = documents.appendingPathComponent("contacts.sqlite").path
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            XCTFail("cannot open \(path)", file: file, line: line)
            return []
        }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            XCTFail(String(cString: sqlite3_errmsg(db)), file: file, line: line)
            return []
        }
        var result: [[Cell]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            result.append((0..<sqlite3_column_count(statement)).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
                case SQLITE_NULL: return .null
                default: return .text(String(cString: sqlite3_column_text(statement, column)))
                }
            })
        }
        return result
    }

    private func contact(_ id: Int, _ name: String, _ phone: String) -> Contact {
        Contact(id: id, name: name, phone: phone)
    }

    // MARK: - Cases

    // case "create and read"
    func testCreateAndRead() throws {
        let repository = try open()
        XCTAssertEqual(try repository.create(name: "Ana Ruiz", phone: "600 111 222"), 1)
        XCTAssertEqual(try repository.create(name: "Bruno Díaz", phone: "600 333 444"), 2)
        XCTAssertEqual(try repository.read(id: 1), contact(1, "Ana Ruiz", "600 111 222"))
        XCTAssertNil(try repository.read(id: 3))
    }

    // case "create, update and delete across relaunches"
    func testCreateUpdateAndDeleteAcrossRelaunches() throws {
        var repository = try open()
        XCTAssertEqual(try repository.create(name: "Ana Ruiz", phone: "600 111 222"), 1)
        XCTAssertEqual(try repository.create(name: "Bruno Díaz", phone: "600 333 444"), 2)
        XCTAssertEqual(try repository.create(name: "Carla Gil", phone: "611 000 001"), 3)
        repository = try relaunch(repository)
        XCTAssertEqual(try repository.read(id: 2), contact(2, "Bruno Díaz", "600 333 444"))
        try repository.update(contact(2, "Bruno Díaz Sanz", "699 999 999"))
        try repository.delete(id: 3)
        repository = try relaunch(repository)
        XCTAssertEqual(try repository.read(id: 2), contact(2, "Bruno Díaz Sanz", "699 999 999"))
        XCTAssertNil(try repository.read(id: 3))
        XCTAssertEqual(try repository.read(id: 1), contact(1, "Ana Ruiz", "600 111 222"))
        XCTAssertEqual(try repository.create(name: "Dora Vidal", phone: "622 000 000"), 4)
        XCTAssertEqual(try repository.search(""), [
            contact(1, "Ana Ruiz", "600 111 222"),
            contact(2, "Bruno Díaz Sanz", "699 999 999"),
            contact(4, "Dora Vidal", "622 000 000"),
        ])
        XCTAssertEqual(rows("SELECT id, name, phone FROM contacts ORDER BY id"), [
            [1, "Ana Ruiz", "600 111 222"],
            [2, "Bruno Díaz Sanz", "699 999 999"],
            [4, "Dora Vidal", "622 000 000"],
        ])
    }

    // case "update and delete touch only their row, and missing ids throw"
    func testUpdateAndDeleteTouchOnlyTheirRowAndMissingIdsThrow() throws {
        let repository = try open()
        XCTAssertEqual(try repository.create(name: "Ana Ruiz", phone: "600 111 222"), 1)
        XCTAssertEqual(try repository.create(name: "Bruno Díaz", phone: "600 333 444"), 2)
        XCTAssertEqual(try repository.create(name: "Carla Gil", phone: "611 000 001"), 3)
        try repository.update(contact(2, "Bruno", "600 000 002"))
        XCTAssertEqual(try repository.search(""), [
            contact(1, "Ana Ruiz", "600 111 222"),
            contact(2, "Bruno", "600 000 002"),
            contact(3, "Carla Gil", "611 000 001"),
        ])
        assertNotFound(try repository.update(contact(9, "Nobody", "000")))
        try repository.delete(id: 1)
        assertNotFound(try repository.delete(id: 1))
        XCTAssertEqual(try repository.search(""), [
            contact(2, "Bruno", "600 000 002"),
            contact(3, "Carla Gil", "611 000 001"),
        ])
    }

    // case "a name built to break SQL is stored verbatim and the table survives"
    func testANameBuiltToBreakSQLIsStoredVerbatimAndTheTableSurvives() throws {
        let name = "Robert', ''); DROP TABLE contacts;--"
        var repository = try open()
        XCTAssertEqual(try repository.create(name: "Ana Ruiz", phone: "600 111 222"), 1)
        XCTAssertEqual(try repository.create(name: name, phone: "555 0100"), 2)
        XCTAssertEqual(try repository.read(id: 2), contact(2, name, "555 0100"))
        repository = try relaunch(repository)
        XCTAssertEqual(try repository.search("DROP TABLE"), [contact(2, name, "555 0100")])
        XCTAssertEqual(try repository.search(""), [
            contact(1, "Ana Ruiz", "600 111 222"),
            contact(2, name, "555 0100"),
        ])
        XCTAssertEqual(rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"),
                       [["contacts"], ["sqlite_sequence"]])
        XCTAssertEqual(rows("SELECT id, name, phone FROM contacts ORDER BY id"), [
            [1, "Ana Ruiz", "600 111 222"],
            [2, .text(name), "555 0100"],
        ])
    }

    // case "a search for O'Brien"
    func testASearchForOBrien() throws {
        var repository = try open()
        XCTAssertEqual(try repository.create(name: "Miles O'Brien", phone: "600 000 001"), 1)
        XCTAssertEqual(try repository.create(name: "Brianna O'Neil", phone: "600 000 002"), 2)
        XCTAssertEqual(try repository.create(name: "Obrian Vega", phone: "600 000 003"), 3)
        XCTAssertEqual(try repository.search("O'Brien"), [contact(1, "Miles O'Brien", "600 000 001")])
        XCTAssertEqual(try repository.search("o'"), [
            contact(2, "Brianna O'Neil", "600 000 002"),
            contact(1, "Miles O'Brien", "600 000 001"),
        ])
        try repository.update(contact(3, "Obrian O'Brien", "600 000 003"))
        repository = try relaunch(repository)
        XCTAssertEqual(try repository.search("'brien"), [
            contact(1, "Miles O'Brien", "600 000 001"),
            contact(3, "Obrian O'Brien", "600 000 003"),
        ])
    }

    // case "the search ignores ASCII case and sorts by name"
    func testTheSearchIgnoresASCIICaseAndSortsByName() throws {
        let repository = try open()
        XCTAssertEqual(try repository.create(name: "ana ruiz", phone: "1"), 1)
        XCTAssertEqual(try repository.create(name: "Bruno Díaz", phone: "2"), 2)
        XCTAssertEqual(try repository.create(name: "ANABEL", phone: "3"), 3)
        XCTAssertEqual(try repository.create(name: "Juana", phone: "4"), 4)
        XCTAssertEqual(try repository.create(name: "Ana Ruiz", phone: "5"), 5)
        XCTAssertEqual(try repository.search("ANA"), [
            contact(1, "ana ruiz", "1"),
            contact(5, "Ana Ruiz", "5"),
            contact(3, "ANABEL", "3"),
            contact(4, "Juana", "4"),
        ])
        XCTAssertEqual(try repository.search("z"), [
            contact(1, "ana ruiz", "1"),
            contact(5, "Ana Ruiz", "5"),
            contact(2, "Bruno Díaz", "2"),
        ])
        XCTAssertEqual(try repository.search("xyz"), [])
    }

    // case "% and _ in the search text match only themselves"
    func testPercentAndUnderscoreInTheSearchTextMatchOnlyThemselves() throws {
        let repository = try open()
        XCTAssertEqual(try repository.create(name: "50% Off Pizza", phone: "1"), 1)
        XCTAssertEqual(try repository.create(name: "500 Burgers", phone: "2"), 2)
        XCTAssertEqual(try repository.create(name: "Anna", phone: "3"), 3)
        XCTAssertEqual(try repository.create(name: "Ann_a", phone: "4"), 4)
        XCTAssertEqual(try repository.search("50%"), [contact(1, "50% Off Pizza", "1")])
        XCTAssertEqual(try repository.search("n_a"), [contact(4, "Ann_a", "4")])
        XCTAssertEqual(try repository.search("%"), [contact(1, "50% Off Pizza", "1")])
    }

    // case "the database is in WAL mode" (journalMode: the driver asks with its own connection)
    func testTheDatabaseIsInWALMode() throws {
        let repository = try open()
        XCTAssertEqual(try repository.create(name: "Ana Ruiz", phone: "600 111 222"), 1)
        XCTAssertEqual(rows("PRAGMA journal_mode"), [["wal"]])
    }

    // case "close succeeds after every kind of call"
    func testCloseSucceedsAfterEveryKindOfCall() throws {
        var repository = try open()
        XCTAssertEqual(try repository.create(name: "Ana Ruiz", phone: "600 111 222"), 1)
        XCTAssertEqual(try repository.read(id: 1), contact(1, "Ana Ruiz", "600 111 222"))
        XCTAssertNil(try repository.read(id: 2))
        try repository.update(contact(1, "Ana Ruiz", "699 000 000"))
        assertNotFound(try repository.update(contact(2, "Nobody", "000")))
        XCTAssertEqual(try repository.search("ana"), [contact(1, "Ana Ruiz", "699 000 000")])
        assertNotFound(try repository.delete(id: 2))
        XCTAssertNoThrow(try repository.close())
        // The driver's next call opens a new repository.
        repository = try open()
        XCTAssertEqual(try repository.read(id: 1), contact(1, "Ana Ruiz", "699 000 000"))
        XCTAssertNoThrow(try repository.close())
    }

    // case "no contacts.sqlite-wal is left after a relaunch"
    func testNoWALFileIsLeftAfterARelaunch() throws {
        var repository = try open()
        XCTAssertEqual(try repository.create(name: "Ana Ruiz", phone: "600 111 222"), 1)
        XCTAssertEqual(try repository.create(name: "Bruno Díaz", phone: "600 333 444"), 2)
        repository = try relaunch(repository)
        XCTAssertNil(try repository.read(id: 7))
        try repository.update(contact(1, "Ana Ruiz", "699 000 000"))
        XCTAssertEqual(try repository.search("a"), [
            contact(1, "Ana Ruiz", "699 000 000"),
            contact(2, "Bruno Díaz", "600 333 444"),
        ])
        try repository.close()   // the final relaunch ends the app
        XCTAssertFalse(FileManager.default.fileExists(atPath: documents.appendingPathComponent("contacts.sqlite-wal").path),
                       "contacts.sqlite-wal is still there: the connection was not closed")
        XCTAssertEqual(rows("SELECT id, name, phone FROM contacts ORDER BY id"), [
            [1, "Ana Ruiz", "699 000 000"],
            [2, "Bruno Díaz", "600 333 444"],
        ])
    }
}
