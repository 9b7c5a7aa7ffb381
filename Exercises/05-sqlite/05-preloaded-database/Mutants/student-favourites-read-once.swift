// Mutant: loads the favourites once per launch into an array, to spare a join on every screen refresh, and setFavourite writes the database but never refreshes that array, so favourites() after a change in the same launch is stale
// Hint: A favourites list kept from the first query of a launch misses the marks and unmarks made since. Query the table each time the list is asked for.
import Foundation
import SQLite3

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

let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

final class Pokedex {
    static var installedURL: URL {
        let docs = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first!
        return docs.appendingPathComponent("pokedex.sqlite")
    }

    private var db: OpaquePointer?
    private var cachedFavourites: [Species]?

    func open() throws -> Bool {
        guard db == nil else { return false }
        let fm = FileManager.default
        var firstLaunch = false
        if !fm.fileExists(atPath: Self.installedURL.path) {
            guard let source = Bundle.main.url(forResource: "pokedex", withExtension: "sqlite") else {
                throw PokedexError.missingResource
            }
            try fm.copyItem(at: source, to: Self.installedURL)
            firstLaunch = true
        }
        var handle: OpaquePointer?
        guard sqlite3_open_v2(Self.installedURL.path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            defer { sqlite3_close(handle) }
            throw PokedexError.sqlite(String(cString: sqlite3_errmsg(handle)))
        }
        db = handle
        try exec("CREATE TABLE IF NOT EXISTS favourites(code INTEGER PRIMARY KEY REFERENCES species(code))")
        return firstLaunch
    }

    private func exec(_ sql: String) throws {
        guard let db else { throw PokedexError.notOpen }
        if sqlite3_exec(db, sql, nil, nil, nil) != SQLITE_OK {
            throw PokedexError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
    }

    /// Runs a query, binding one integer or one text, and maps each row.
    private func query<T>(_ sql: String, int: Int? = nil, text: String? = nil, row: (OpaquePointer?) -> T) throws -> [T] {
        guard let db else { throw PokedexError.notOpen }
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK else {
            throw PokedexError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(stmt) }
        if let int { sqlite3_bind_int64(stmt, 1, Int64(int)) }
        if let text { sqlite3_bind_text(stmt, 1, text, -1, SQLITE_TRANSIENT) }
        var rows: [T] = []
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_ROW { rows.append(row(stmt)) }
            else if rc == SQLITE_DONE { break }
            else { throw PokedexError.sqlite(String(cString: sqlite3_errmsg(db))) }
        }
        return rows
    }

    private func speciesRow(_ stmt: OpaquePointer?) -> Species {
        Species(code: Int(sqlite3_column_int64(stmt, 0)), name: String(cString: sqlite3_column_text(stmt, 1)))
    }

    func name(code: Int) throws -> String? {
        try query("SELECT name FROM species WHERE code = ?", int: code) { String(cString: sqlite3_column_text($0, 0)) }.first
    }

    func species(ofType type: String) throws -> [Species] {
        try query("""
            SELECT species.code, species.name FROM species
            INNER JOIN species_types ON species_types.species = species.code
            INNER JOIN types ON types.id = species_types.type
            WHERE types.name = ? ORDER BY species.code
            """, text: type, row: speciesRow)
    }

    func types(code: Int) throws -> [String] {
        try query("""
            SELECT types.name FROM species_types
            INNER JOIN types ON types.id = species_types.type
            WHERE species_types.species = ? ORDER BY types.name
            """, int: code) { String(cString: sqlite3_column_text($0, 0)) }
    }

    func setFavourite(_ favourite: Bool, code: Int) throws {
        guard try name(code: code) != nil else { throw PokedexError.noSuchSpecies(code) }
        if favourite {
            _ = try query("INSERT OR IGNORE INTO favourites(code) VALUES (?)", int: code) { _ in () }
        } else {
            _ = try query("DELETE FROM favourites WHERE code = ?", int: code) { _ in () }
        }
    }

    func favourites() throws -> [Species] {
        if let cachedFavourites { return cachedFavourites }
        let list = try query("""
            SELECT species.code, species.name FROM favourites
            INNER JOIN species ON species.code = favourites.code
            ORDER BY species.code
            """, row: speciesRow)
        cachedFavourites = list
        return list
    }

    func close() throws {
        guard let db else { return }
        if sqlite3_close(db) != SQLITE_OK { throw PokedexError.sqlite(String(cString: sqlite3_errmsg(db))) }
        self.db = nil
        cachedFavourites = nil
    }
}
