// Mutant: species(ofType:) has no ORDER BY, so the species come back in whatever order the join produces
// Hint: list the dragon types and look at the order of the codes; what in your query decides it?
import Foundation
import SQLite3

let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

struct Species: Equatable {
    var code: Int
    var name: String
}

enum PokedexError: Error {
    case missingResource
    case noSuchSpecies(Int)
    case sqlite(String)
    case notOpen
}

final class Pokedex {
    static var installedURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "pokedex.sqlite")
    }

    private var db: OpaquePointer?

    @discardableResult
    func open() throws -> Bool {
        let fileManager = FileManager.default
        let destination = Pokedex.installedURL
        var copied = false
        if !fileManager.fileExists(atPath: destination.path) {
            guard let source = Bundle.main.url(forResource: "pokedex", withExtension: "sqlite") else {
                throw PokedexError.missingResource
            }
            try fileManager.copyItem(at: source, to: destination)
            copied = true
        }

        if sqlite3_open_v2(destination.path, &db, SQLITE_OPEN_READWRITE, nil) != SQLITE_OK {
            let message = String(cString: sqlite3_errmsg(db))
            sqlite3_close(db)
            db = nil
            throw PokedexError.sqlite(message)
        }
        try execute("CREATE TABLE IF NOT EXISTS favourites(code INTEGER PRIMARY KEY REFERENCES species(code))")
        return copied
    }

    private func errorMessage() -> String {
        String(cString: sqlite3_errmsg(db))
    }

    private func execute(_ sql: String) throws {
        guard let db else { throw PokedexError.notOpen }
        if sqlite3_exec(db, sql, nil, nil, nil) != SQLITE_OK {
            throw PokedexError.sqlite(errorMessage())
        }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        guard let db else { throw PokedexError.notOpen }
        var statement: OpaquePointer?
        if sqlite3_prepare_v2(db, sql, -1, &statement, nil) != SQLITE_OK {
            throw PokedexError.sqlite(errorMessage())
        }
        return statement
    }

    private func readSpecies(_ statement: OpaquePointer?) throws -> [Species] {
        var list: [Species] = []
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            list.append(Species(code: Int(sqlite3_column_int64(statement, 0)),
                                name: String(cString: sqlite3_column_text(statement, 1))))
            code = sqlite3_step(statement)
        }
        guard code == SQLITE_DONE else { throw PokedexError.sqlite(errorMessage()) }
        return list
    }

    func name(code: Int) throws -> String? {
        let statement = try prepare("SELECT name FROM species WHERE code = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(code))
        switch sqlite3_step(statement) {
        case SQLITE_ROW:
            return String(cString: sqlite3_column_text(statement, 0))
        case SQLITE_DONE:
            return nil
        default:
            throw PokedexError.sqlite(errorMessage())
        }
    }

    func species(ofType type: String) throws -> [Species] {
        let statement = try prepare("""
            SELECT species.code, species.name FROM species
            JOIN species_types ON species_types.species = species.code
            JOIN types ON types.id = species_types.type
            WHERE types.name = ?
            """)
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, type, -1, SQLITE_TRANSIENT)
        return try readSpecies(statement)
    }

    func types(code: Int) throws -> [String] {
        let statement = try prepare("""
            SELECT types.name FROM species_types
            JOIN types ON types.id = species_types.type
            WHERE species_types.species = ?
            ORDER BY types.name
            """)
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(code))
        var names: [String] = []
        var result = sqlite3_step(statement)
        while result == SQLITE_ROW {
            names.append(String(cString: sqlite3_column_text(statement, 0)))
            result = sqlite3_step(statement)
        }
        guard result == SQLITE_DONE else { throw PokedexError.sqlite(errorMessage()) }
        return names
    }

    func setFavourite(_ favourite: Bool, code: Int) throws {
        if try name(code: code) == nil {
            throw PokedexError.noSuchSpecies(code)
        }
        let sql = favourite
            ? "INSERT OR IGNORE INTO favourites(code) VALUES (?)"
            : "DELETE FROM favourites WHERE code = ?"
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(code))
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw PokedexError.sqlite(errorMessage())
        }
    }

    func favourites() throws -> [Species] {
        let statement = try prepare("""
            SELECT species.code, species.name FROM favourites
            JOIN species ON species.code = favourites.code
            ORDER BY species.code
            """)
        defer { sqlite3_finalize(statement) }
        return try readSpecies(statement)
    }

    func close() throws {
        guard db != nil else { return }
        if sqlite3_close(db) != SQLITE_OK {
            throw PokedexError.sqlite(errorMessage())
        }
        db = nil
    }
}
