// Mutant: types(code:) has no ORDER BY, so a species' types come in the order of the linking table's key (the types' ids, numbered as the games number them), not alphabetically: Charizard's are [flying, fire]
// Hint: Without ORDER BY, SQLite returns rows in whatever order its plan reads them. Say the order you promised.
import Foundation
import SQLite3

/// A species as the app lists it.
struct Species: Equatable {
    var code: Int
    var name: String
}

enum PokedexError: Error {
    /// The app was built without pokedex.sqlite in its bundle.
    case missingResource
    /// No species has this code.
    case noSuchSpecies(Int)
    /// A SQLite call failed; the text is `sqlite3_errmsg`'s.
    case sqlite(String)
    /// A call came before `open()` or after `close()`.
    case notOpen
}

/// The Pokédex the app ships in its bundle, copied into Documents on the first launch.
final class Pokedex {
    /// The app's own copy of the database.
    static var installedURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "pokedex.sqlite")
    }

    private var db: OpaquePointer?

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Copies the bundled database into Documents unless a copy is already there, then opens
    /// the copy and makes sure it has the favourites table. Returns whether it copied.
    @discardableResult
    func open() throws -> Bool {
        let fileManager = FileManager.default
        let copy = Self.installedURL
        var copied = false
        if !fileManager.fileExists(atPath: copy.path) {
            guard let shipped = Bundle.main.url(forResource: "pokedex", withExtension: "sqlite") else {
                throw PokedexError.missingResource
            }
            try fileManager.createDirectory(at: copy.deletingLastPathComponent(),
                                            withIntermediateDirectories: true)
            try fileManager.copyItem(at: shipped, to: copy)
            copied = true
        }
        if db != nil { try close() }
        var connection: OpaquePointer?
        guard sqlite3_open_v2(copy.path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            let reason = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open the pokédex"
            sqlite3_close(connection)
            throw PokedexError.sqlite(reason)
        }
        db = connection
        let created = sqlite3_exec(
            connection,
            "CREATE TABLE IF NOT EXISTS favourites(code INTEGER PRIMARY KEY REFERENCES species(code))",
            nil, nil, nil)
        guard created == SQLITE_OK else {
            let reason = String(cString: sqlite3_errmsg(connection))
            sqlite3_close(connection)
            db = nil
            throw PokedexError.sqlite(reason)
        }
        return copied
    }

    /// The name of the species with this code, or nil.
    func name(code: Int) throws -> String? {
        try rows("SELECT name FROM species WHERE code = ?", .int(code)) { Self.text($0, 0) }.first
    }

    /// The species of a type ("fire", "water"…), by code; none for an unknown type.
    func species(ofType type: String) throws -> [Species] {
        try rows("""
            SELECT species.code, species.name
            FROM types
            JOIN species_types ON species_types.type = types.id
            JOIN species ON species.code = species_types.species
            WHERE types.name = ?
            ORDER BY species.code
            """, .text(type)) { Species(code: Int(sqlite3_column_int64($0, 0)), name: Self.text($0, 1)) }
    }

    /// The names of a species' types, alphabetically; none for an unknown code.
    func types(code: Int) throws -> [String] {
        try rows("""
            SELECT types.name FROM species_types
            JOIN types ON types.id = species_types.type
            WHERE species_types.species = ?
            """, .int(code)) { Self.text($0, 0) }
    }

    /// Marks or unmarks a species as a favourite, in the copy.
    func setFavourite(_ favourite: Bool, code: Int) throws {
        guard try name(code: code) != nil else { throw PokedexError.noSuchSpecies(code) }
        let sql = favourite
            ? "INSERT OR IGNORE INTO favourites(code) VALUES (?)"
            : "DELETE FROM favourites WHERE code = ?"
        _ = try rows(sql, .int(code)) { _ in () }
    }

    /// The favourite species, by code.
    func favourites() throws -> [Species] {
        try rows("""
            SELECT species.code, species.name
            FROM favourites JOIN species ON species.code = favourites.code
            ORDER BY favourites.code
            """) { Species(code: Int(sqlite3_column_int64($0, 0)), name: Self.text($0, 1)) }
    }

    /// Closes the database.
    func close() throws {
        guard let connection = db else { return }
        guard sqlite3_close(connection) == SQLITE_OK else {
            throw PokedexError.sqlite(String(cString: sqlite3_errmsg(connection)))
        }
        db = nil
    }

    // MARK: - Statements

    private enum Value {
        case int(Int)
        case text(String)
    }

    private static func text(_ statement: OpaquePointer?, _ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }

    /// Prepares `sql`, binds `values`, steps through every row and reads each with `read`.
    /// The statement is finalized on every way out.
    private func rows<T>(_ sql: String, _ values: Value..., read: (OpaquePointer?) -> T) throws -> [T] {
        guard let db else { throw PokedexError.notOpen }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw PokedexError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .int(let number): sqlite3_bind_int64(statement, index, sqlite3_int64(number))
            case .text(let string): sqlite3_bind_text(statement, index, string, -1, Self.transient)
            }
        }
        var result: [T] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return result }
            guard step == SQLITE_ROW else { throw PokedexError.sqlite(String(cString: sqlite3_errmsg(db))) }
            result.append(read(statement))
        }
    }
}
