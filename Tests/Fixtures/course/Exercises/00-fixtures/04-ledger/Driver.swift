import ExerciseKit
import Foundation

@main
enum LedgerDriver: ExerciseDriver {
    struct Entry: Decodable { var name: String; var amount: Int }
    struct Count: Decodable { var count: Int }

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
    }
}
