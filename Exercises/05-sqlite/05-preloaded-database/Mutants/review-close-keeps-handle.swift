// Mutant: close() closes the connection but keeps the handle, so a later query or close() uses a closed connection instead of throwing notOpen or doing nothing
// Hint: After close(), the database is not open: forget the handle, so that queries answer notOpen and a second close() does nothing.
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
///
/// The bundle is read-only, so the app reads and writes its own copy. The copy is made once:
/// from then on it holds the user's favourites, which a second copy would throw away.
final class Pokedex {
    /// The app's own copy of the database.
    static var installedURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "pokedex.sqlite")
    }

    private var db: OpaquePointer?

    /// Copies the bundled database into Documents unless a copy is already there, then opens
    /// the copy. Returns whether it copied.
    @discardableResult
    func open() throws -> Bool {
        guard db == nil else { return false }
        let fileManager = FileManager.default
        let url = Self.installedURL
        var copied = false
        // The copy itself records the installation; check before opening, because opening a
        // missing file with SQLITE_OPEN_CREATE would make an empty database there.
        if !fileManager.fileExists(atPath: url.path) {
            guard let original = Bundle.main.url(forResource: "pokedex", withExtension: "sqlite") else {
                throw PokedexError.missingResource
            }
            try fileManager.copyItem(at: original, to: url)
            copied = true
        }
        // Read-write but no CREATE: if the copy is not there, fail instead of starting empty.
        var handle: OpaquePointer?
        guard sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw PokedexError.sqlite(message)
        }
        db = handle
        do {
            // The user's data lives in a table of the app's own, next to the shipped ones.
            try execute("CREATE TABLE IF NOT EXISTS favourites(code INTEGER PRIMARY KEY REFERENCES species(code))")
        } catch {
            sqlite3_close(handle)
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
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return String(cString: sqlite3_column_text(statement, 0))
        case SQLITE_DONE: return nil
        default: throw lastError()
        }
    }

    /// The species of a type ("fire", "water"…), by code; none for an unknown type.
    func species(ofType type: String) throws -> [Species] {
        let statement = try prepare("""
            SELECT species.code, species.name
              FROM species
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
            SELECT types.name
              FROM types JOIN species_types ON species_types.type = types.id
             WHERE species_types.species = ?
             ORDER BY types.name
            """)
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(code))
        var names: [String] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: names.append(String(cString: sqlite3_column_text(statement, 0)))
            case SQLITE_DONE: return names
            default: throw lastError()
            }
        }
    }

    /// Marks or unmarks a species as a favourite, in the copy.
    /// - Throws: `PokedexError.noSuchSpecies` for a code no species has.
    func setFavourite(_ favourite: Bool, code: Int) throws {
        guard try name(code: code) != nil else { throw PokedexError.noSuchSpecies(code) }
        let sql = favourite ? "INSERT OR IGNORE INTO favourites(code) VALUES (?)"
                            : "DELETE FROM favourites WHERE code = ?"
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(code))
        guard sqlite3_step(statement) == SQLITE_DONE else { throw lastError() }
    }

    /// The favourite species, by code.
    func favourites() throws -> [Species] {
        let statement = try prepare("""
            SELECT species.code, species.name
              FROM species JOIN favourites ON favourites.code = species.code
             ORDER BY species.code
            """)
        defer { sqlite3_finalize(statement) }
        return try speciesRows(statement)
    }

    /// Closes the database; calling it again does nothing.
    /// - Throws: `PokedexError.sqlite` when SQLite refuses, for instance while a statement is
    ///   not finalized.
    func close() throws {
        guard let db else { return }
        guard sqlite3_close(db) == SQLITE_OK else { throw lastError() }
    }

    // MARK: - SQLite helpers

    private func speciesRows(_ statement: OpaquePointer?) throws -> [Species] {
        var result: [Species] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                result.append(Species(code: Int(sqlite3_column_int64(statement, 0)),
                                      name: String(cString: sqlite3_column_text(statement, 1))))
            case SQLITE_DONE:
                return result
            default:
                throw lastError()
            }
        }
    }

    private func execute(_ sql: String) throws {
        guard let db else { throw PokedexError.notOpen }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw lastError() }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        guard let db else { throw PokedexError.notOpen }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw lastError() }
        return statement
    }

    private func lastError() -> PokedexError {
        .sqlite(db.map { String(cString: sqlite3_errmsg($0)) } ?? "the database is not open")
    }
}

/// Tells `sqlite3_bind_text` to copy the string, which Swift frees after the call.
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
