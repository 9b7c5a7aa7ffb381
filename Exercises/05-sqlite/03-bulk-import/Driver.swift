import ExerciseKit
import Foundation
import SQLite3

@main
enum BulkImportDriver: ExerciseDriver {
    /// A product as the cases write it: `{sku: TEA-1, name: Green tea, category: tea, price: 450}`.
    struct Item: Codable {
        var sku: String
        var name: String
        var category: String
        var price: Int
    }

    /// A catalogue made up by the driver, so that a case can import thousands of rows without
    /// listing them: `{count: 10000, seed: 3}`. With `repeatSkuAt: k`, product k (from 0) gets
    /// the sku of product 0, which the table's PRIMARY KEY refuses.
    struct GenerateArgs: Decodable {
        var count: Int
        var seed: UInt64
        var repeatSkuAt: Int?
    }

    struct CategoryArgs: Decodable { var category: String }

    /// The state of one launch: the open catalogue (opened on first use, as an app would open
    /// its database when it first needs it) and the last generated products.
    final class Session {
        private var catalog: Catalog?
        var generated: [Product] = []

        func open() throws -> Catalog {
            if let catalog { return catalog }
            let opened = try Catalog()
            catalog = opened
            return opened
        }

        func close() throws {
            guard let catalog else { return }
            self.catalog = nil
            try catalog.close()
        }
    }

    static func register(_ app: inout Operations) {
        StatementWatch.install()
        let session = Session()

        app.on("importProducts") { (items: [Item]) -> Int in
            let products = items.map { Product(sku: $0.sku, name: $0.name, category: $0.category, price: $0.price) }
            return try session.open().importProducts(products)
        }
        app.on("generate") { (args: GenerateArgs) in
            session.generated = Generator.products(count: args.count, seed: args.seed, repeatSkuAt: args.repeatSkuAt)
        }
        app.on("importGenerated") { () -> Int in
            try session.open().importProducts(session.generated)
        }
        app.on("count") { () -> Int in try session.open().count() }
        app.on("total") { (args: CategoryArgs) -> Int in
            try session.open().total(forCategory: args.category)
        }
        app.on("close") { try session.close() }
        // How many INSERT statements ran for the first time since the last call.
        app.on("insertStatements") { () -> Int in StatementWatch.takeNewInserts() }
        // As an app closes its database in applicationWillTerminate.
        app.onTerminate { try? session.close() }
    }
}

/// What the driver sees of the app's SQLite statements, without calling the learner's code:
/// every connection the app opens gets a trace callback (SQLite calls the auto-extension below
/// for each new connection), which SQLite calls as each run of a statement starts. A statement's
/// own counter of runs (`SQLITE_STMTSTATUS_RUN`, counted just after the trace) is 0 at its first
/// run: an INSERT prepared once and reset for every row starts once per import, one prepared
/// for every row starts once per row. It reads SQLite's counters and changes nothing.
enum StatementWatch {
    nonisolated(unsafe) private static var newInserts = 0

    static func takeNewInserts() -> Int {
        defer { newInserts = 0 }
        return newInserts
    }

    /// Called by SQLite as each run of a statement starts (`SQLITE_TRACE_STMT`).
    private static let trace: @convention(c) (UInt32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = {
        _, _, statement, _ in
        guard let statement else { return 0 }
        let handle = OpaquePointer(statement)
        guard sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_RUN, 0) == 0, let sql = sqlite3_sql(handle) else { return 0 }
        if String(cString: sql).uppercased().contains("INSERT") { newInserts += 1 }
        return 0
    }

    /// Called by SQLite for each connection opened from now on, once it is open.
    private static let entry: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?, UnsafeRawPointer?) -> Int32 = {
        db, _, _ in
        _ = sqlite3_trace_v2(db, UInt32(SQLITE_TRACE_STMT), StatementWatch.trace, nil)
        return SQLITE_OK
    }

    static func install() {
        _ = sqlite3_auto_extension(unsafeBitCast(entry, to: (@convention(c) () -> Void).self))
    }
}

/// Made-up products, the same for the same seed on every machine (SplitMix64, no Foundation
/// randomness).
enum Generator {
    static let categories = ["tea", "coffee", "cocoa", "biscuits", "jam"]

    static func products(count: Int, seed: UInt64, repeatSkuAt: Int?) -> [Product] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var products: [Product] = []
        products.reserveCapacity(count)
        for index in 0..<count {
            let category = categories[Int(next() % UInt64(categories.count))]
            let price = 50 + Int(next() % 2_000)
            let number = String(index + 1)
            let sku = category.prefix(3).uppercased() + "-" + String(repeating: "0", count: max(0, 5 - number.count)) + number
            products.append(Product(sku: sku, name: "\(category.capitalized) no. \(index + 1)", category: category, price: price))
        }
        if let k = repeatSkuAt, products.indices.contains(k), k > 0 {
            products[k].sku = products[0].sku
        }
        return products
    }
}
