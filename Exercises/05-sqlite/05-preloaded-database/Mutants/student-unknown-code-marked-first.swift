// Mutant: setFavourite writes first and checks the code afterwards, so setFavourite(true, code: 999) throws noSuchSpecies(999) but has already stored a mark for 999 in the favourites table of the copy (favourites() hides it, because its join finds no species 999)
// Hint: A code no species has changes nothing: check it before writing, not after.
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

    /// Copies the bundled database into Documents unless a copy is already there, then opens
    /// the copy and makes sure it has the favourites table. Returns whether it copied.
    @discardableResult
    func open() throws -> Bool {
        let fileManager = FileManager.default
        let installed = Pokedex.installedURL
        var copied = false
        if !fileManager.fileExists(atPath: installed.path) {
            guard let bundled = Bundle.main.url(forResource: "pokedex", withExtension: "sqlite") else {
                throw PokedexError.missingResource
            }
            try fileManager.createDirectory(at: installed.deletingLastPathComponent(),
                                            withIntermediateDirectories: true)
            try fileManager.copyItem(at: bundled, to: installed)
            copied = true
        }
        var handle: OpaquePointer?
        guard sqlite3_open_v2(installed.path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(handle))
            sqlite3_close(handle)
            throw PokedexError.sqlite(message)
        }
        db = handle
        do {
            try execute("""
                CREATE TABLE IF NOT EXISTS favourites(code INTEGER PRIMARY KEY REFERENCES species(code))
                """)
        } catch {
            sqlite3_close(db)
            db = nil
            throw error
        }
        return copied
    }

    /// The name of the species with this code, or nil.
    func name(code: Int) throws -> String? {
        let statement = try prepare("SELECT name FROM species WHERE code = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(code))
        let result = sqlite3_step(statement)
        if result == SQLITE_DONE { return nil }
        guard result == SQLITE_ROW else { throw lastError() }
        return text(statement, 0)
    }

    /// The species of a type ("fire", "water"…), by code; none for an unknown type.
    func species(ofType type: String) throws -> [Species] {
        let statement = try prepare("""
            SELECT species.code, species.name FROM species
            JOIN species_types ON species_types.species = species.code
            JOIN types ON types.id = species_types.type
            WHERE types.name = ?
            ORDER BY species.code
            """)
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, type, -1, SQLITE_TRANSIENT)
        return try speciesRows(statement)
    }

    /// The names of a species' types, alphabetically; none for an unknown code.
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
            names.append(text(statement, 0))
            result = sqlite3_step(statement)
        }
        guard result == SQLITE_DONE else { throw lastError() }
        return names
    }

    /// Marks or unmarks a species as a favourite, in the copy.
    func setFavourite(_ favourite: Bool, code: Int) throws {
        let statement = try prepare(favourite
            ? "INSERT OR IGNORE INTO favourites(code) VALUES (?)"
            : "DELETE FROM favourites WHERE code = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(code))
        guard sqlite3_step(statement) == SQLITE_DONE else { throw lastError() }
        // Then tell the caller when the code was not a species.
        guard try name(code: code) != nil else { throw PokedexError.noSuchSpecies(code) }
    }

    /// The favourite species, by code.
    func favourites() throws -> [Species] {
        let statement = try prepare("""
            SELECT species.code, species.name FROM favourites
            JOIN species ON species.code = favourites.code
            ORDER BY species.code
            """)
        defer { sqlite3_finalize(statement) }
        return try speciesRows(statement)
    }

    /// Closes the database.
    func close() throws {
        guard let db else { return }
        guard sqlite3_close(db) == SQLITE_OK else { throw lastError() }
        self.db = nil
    }

    // MARK: - SQLite helpers

    private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func lastError() -> PokedexError {
        .sqlite(String(cString: sqlite3_errmsg(db)))
    }

    private func execute(_ sql: String) throws {
        guard let db else { throw PokedexError.notOpen }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw lastError() }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        guard let db else { throw PokedexError.notOpen }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw lastError()
        }
        return statement
    }

    private func text(_ statement: OpaquePointer?, _ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }

    private func speciesRows(_ statement: OpaquePointer?) throws -> [Species] {
        var rows: [Species] = []
        var result = sqlite3_step(statement)
        while result == SQLITE_ROW {
            rows.append(Species(code: Int(sqlite3_column_int64(statement, 0)), name: text(statement, 1)))
            result = sqlite3_step(statement)
        }
        guard result == SQLITE_DONE else { throw lastError() }
        return rows
    }
}
