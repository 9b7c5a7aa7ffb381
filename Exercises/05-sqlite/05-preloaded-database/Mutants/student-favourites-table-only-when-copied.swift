// Mutant: open() creates the favourites table only on the launch that copies the database, so a copy already in Documents without the table (the app killed between the copy and the CREATE TABLE, or installed by a version without favourites) never gets it: open() returns false and every setFavourite and favourites() fails with "no such table: favourites"
// Hint: Think of a launch that finds a copy already in Documents: does your open() make sure that copy has the favourites table too?
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

    /// Copies the bundled database into Documents unless a copy is already there, then opens
    /// the copy and makes sure it has the favourites table. Returns whether it copied.
    @discardableResult
    func open() throws -> Bool {
        if db != nil { try close() }
        let fileManager = FileManager.default
        let installed = Self.installedURL

        // Copy first, open afterwards: sqlite3_open would create an empty file in its place.
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
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open the copy"
            sqlite3_close(handle)
            throw PokedexError.sqlite(message)
        }
        db = handle

        // The favourites table is part of the installation: a fresh copy gets it, and a copy
        // installed by an earlier launch already has it.
        let created = copied ? sqlite3_exec(handle, """
            CREATE TABLE favourites(code INTEGER PRIMARY KEY REFERENCES species(code))
            """, nil, nil, nil) : SQLITE_OK
        guard created == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(handle))
            sqlite3_close(handle)
            db = nil
            throw PokedexError.sqlite(message)
        }
        return copied
    }

    /// The name of the species with this code, or nil.
    func name(code: Int) throws -> String? {
        let statement = try prepare("SELECT name FROM species WHERE code = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(code))
        return try rows(of: statement) { self.text($0, 0) }.first
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
        return try rows(of: statement, speciesRow)
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
        return try rows(of: statement) { self.text($0, 0) }
    }

    /// Marks or unmarks a species as a favourite, in the copy.
    func setFavourite(_ favourite: Bool, code: Int) throws {
        // Check the code first, whichever way: an unknown code changes nothing.
        guard try name(code: code) != nil else {
            throw PokedexError.noSuchSpecies(code)
        }
        let statement = try prepare(favourite
            ? "INSERT OR IGNORE INTO favourites(code) VALUES (?)"
            : "DELETE FROM favourites WHERE code = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(code))
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw PokedexError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
    }

    /// The favourite species, by code.
    func favourites() throws -> [Species] {
        let statement = try prepare("""
            SELECT species.code, species.name FROM favourites
            JOIN species ON species.code = favourites.code
            ORDER BY species.code
            """)
        defer { sqlite3_finalize(statement) }
        return try rows(of: statement, speciesRow)
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

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        guard let db else { throw PokedexError.notOpen }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(db))
            sqlite3_finalize(statement)
            throw PokedexError.sqlite(message)
        }
        return statement
    }

    /// Steps through every row, turning each into a value; throws on a failed step.
    private func rows<T>(of statement: OpaquePointer?, _ read: (OpaquePointer?) -> T) throws -> [T] {
        var values: [T] = []
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { return values }
            guard result == SQLITE_ROW else {
                throw PokedexError.sqlite(String(cString: sqlite3_errmsg(db)))
            }
            values.append(read(statement))
        }
    }

    private func speciesRow(_ statement: OpaquePointer?) -> Species {
        Species(code: Int(sqlite3_column_int64(statement, 0)), name: text(statement, 1))
    }

    private func text(_ statement: OpaquePointer?, _ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }
}
