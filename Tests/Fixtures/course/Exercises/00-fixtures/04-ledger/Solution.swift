import Foundation
import SQLite3

struct LedgerError: Error {}

final class Ledger {
    init() throws {}
    func add(_ name: String, amount: Int) throws {}
    func addMany(count: Int) throws {}
    func close() throws {}
}
