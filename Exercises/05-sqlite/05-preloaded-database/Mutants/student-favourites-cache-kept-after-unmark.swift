// Mutant: favourites() keeps the list it read in memory and answers from it until it is dropped, but only marking a species drops it: after setFavourite(false, code:) the copy no longer has the mark, yet favourites() asked again in the same launch still lists the unmarked species (right again after a relaunch)
// Hint: Unmarking changes the list as much as marking does: ask for the favourites right after removing one.
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

/// Makes SQLite copy a bound text at once (the C macro cannot be imported into Swift).
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// The Pokédex the app ships in its bundle, copied into Documents on the first launch.
final class Pokedex {
    /// The app's own copy of the database.
    static var installedURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "pokedex.sqlite")
    }

    private var db: OpaquePointer?
    /// The list is shown on every visit to the favourites tab: keep it instead of asking again.
    private var cachedFavourites: [Species]?

    deinit {
        if let db {
            sqlite3_close(db)
        }
    }

    /// Copies the bundled database into Documents unless a copy is already there, then opens
    /// the copy and makes sure it has the favourites table. Returns whether it copied.
    @discardableResult
    func open() throws -> Bool {
        if db != nil { return false }
        let fileManager = FileManager.default
        let installed = Self.installedURL

        var copied = false
        if !fileManager.fileExists(atPath: installed.path) {
            guard let bundled = Bundle.main.url(forResource: "pokedex", withExtension: "sqlite") else {
                throw PokedexError.missingResource
            }
            try fileManager.createDirectory(at: installed.deletingLastPathComponent(),
                                            withIntermediateDirectories: true)
            // Copy under a temporary name outside Documents, then move it into place, so that
            // a launch that dies mid-copy never leaves a half-written pokedex.sqlite behind.
            let staging = fileManager.temporaryDirectory
                .appending(path: "pokedex-\(UUID().uuidString).sqlite")
            try fileManager.copyItem(at: bundled, to: staging)
            do {
                try fileManager.moveItem(at: staging, to: installed)
            } catch {
                try? fileManager.removeItem(at: staging)
                throw error
            }
            copied = true
        }

        // READWRITE without CREATE: the copy must exist; SQLite never makes an empty one here.
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
        return try column0Texts(statement).first
    }

    /// The species of a type ("fire", "water"…), by code; none for an unknown type.
    func species(ofType type: String) throws -> [Species] {
        let statement = try prepare("""
            SELECT species.code, species.name
            FROM types
            JOIN species_types ON species_types.type = types.id
            JOIN species ON species.code = species_types.species
            WHERE types.name = ? COLLATE BINARY
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
            FROM species_types
            JOIN types ON types.id = species_types.type
            WHERE species_types.species = ?
            ORDER BY types.name COLLATE BINARY
            """)
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(code))
        return try column0Texts(statement)
    }

    /// Marks or unmarks a species as a favourite, in the copy.
    func setFavourite(_ favourite: Bool, code: Int) throws {
        guard try speciesExists(code: code) else {
            throw PokedexError.noSuchSpecies(code)
        }
        let sql: String
        if favourite {
            sql = "INSERT OR IGNORE INTO favourites(code) VALUES (?)"
            cachedFavourites = nil          // a new favourite: the list must be read again
        } else {
            sql = "DELETE FROM favourites WHERE code = ?"
        }
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(code))
        guard sqlite3_step(statement) == SQLITE_DONE else { throw lastError() }
    }

    /// The favourite species, by code.
    func favourites() throws -> [Species] {
        if let cachedFavourites { return cachedFavourites }
        let statement = try prepare("""
            SELECT species.code, species.name
            FROM favourites JOIN species ON species.code = favourites.code
            ORDER BY species.code
            """)
        defer { sqlite3_finalize(statement) }
        let favourites = try speciesRows(statement)
        cachedFavourites = favourites
        return favourites
    }

    /// Closes the database.
    func close() throws {
        guard let handle = db else { return }
        guard sqlite3_close(handle) == SQLITE_OK else {
            throw PokedexError.sqlite(String(cString: sqlite3_errmsg(handle)))
        }
        db = nil
    }

    // MARK: - Helpers

    private func execute(_ sql: String) throws {
        guard let db else { throw PokedexError.notOpen }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw lastError() }
    }

    private func lastError() -> PokedexError {
        .sqlite(String(cString: sqlite3_errmsg(db)))
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        guard let db else { throw PokedexError.notOpen }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            let error = lastError()
            sqlite3_finalize(statement)
            throw error
        }
        return statement
    }

    private func speciesExists(code: Int) throws -> Bool {
        let statement = try prepare("SELECT 1 FROM species WHERE code = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(code))
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw lastError()
        }
    }

    /// Steps a statement to its end, collecting its first column as text.
    private func column0Texts(_ statement: OpaquePointer?) throws -> [String] {
        var texts: [String] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return texts }
            guard code == SQLITE_ROW else { throw lastError() }
            texts.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
    }

    /// Steps a `SELECT code, name` statement to its end.
    private func speciesRows(_ statement: OpaquePointer?) throws -> [Species] {
        var rows: [Species] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw lastError() }
            rows.append(Species(
                code: Int(sqlite3_column_int64(statement, 0)),
                name: sqlite3_column_text(statement, 1).map { String(cString: $0) } ?? ""))
        }
    }
}
