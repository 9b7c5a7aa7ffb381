import ExerciseKit
import Foundation
import SQLite3

@main
enum LedgerDriver: ExerciseDriver {
    struct Entry: Decodable { var name: String; var amount: Int }
    struct Count: Decodable { var count: Int }
    struct Size: Decodable { var megabytes: Int }
    struct LockFailed: Error {}
    nonisolated(unsafe) static var held: [[UInt8]] = []

    static func register(_ app: inout Operations) {
        var opened: Ledger?
        func ledger() throws -> Ledger {
            if let opened { return opened }
            let ledger = try Ledger()
            opened = ledger
            return ledger
        }
        app.on("add") { (entry: Entry) in try ledger().add(entry.name, amount: entry.amount) }
        app.on("addMany") { (count: Count) in try ledger().addMany(count: count.count) }
        app.on("close") { try ledger().close() }
        // Holds an exclusive lock on the ledger with `megabytes` of memory in use, as an app
        // killed part-way through a big write does: tearing such a process down takes time.
        app.on("holdLock") { (size: Size) in
            var memory = [UInt8](repeating: 1, count: size.megabytes << 20)
            memory[memory.count / 2] = 2
            held.append(memory)
            var db: OpaquePointer?
            let url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                .appendingPathComponent("ledger.sqlite")
            guard sqlite3_open(url.path, &db) == SQLITE_OK,
                  sqlite3_exec(db, "BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK else {
                throw LockFailed()
            }
        }
    }
}
