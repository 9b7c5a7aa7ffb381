import Foundation

/// The row of `Z_METADATA`: the store's identifier and the model it was made with, as JSON.
struct StoreMetadata {
    static let table = "Z_METADATA"
    var identifier: String
    var model: StoredModel

    static func read(from database: SQLiteDatabase) throws -> StoreMetadata {
        let rows = try database.query("SELECT Z_UUID, Z_MODEL FROM \(table) LIMIT 1")
        guard let row = rows.first, case .text(let identifier) = row[0], case .text(let json) = row[1] else {
            throw ObjectGraphError.store("The store's \(table) table is empty or damaged; the store cannot be opened.")
        }
        do {
            return StoreMetadata(identifier: identifier, model: try JSONDecoder().decode(StoredModel.self, from: Data(json.utf8)))
        } catch {
            throw ObjectGraphError.store("The store's recorded model cannot be read (\(error)); the store cannot be opened.")
        }
    }

    func write(to database: SQLiteDatabase) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(model), as: UTF8.self)
        try database.execute("CREATE TABLE IF NOT EXISTS \(Self.table) (Z_VERSION INTEGER, Z_UUID TEXT, Z_MODEL TEXT)")
        try database.execute("DELETE FROM \(Self.table)")
        try database.query("INSERT INTO \(Self.table) (Z_VERSION, Z_UUID, Z_MODEL) VALUES (1, ?, ?)", [.text(identifier), .text(json)])
    }
}
