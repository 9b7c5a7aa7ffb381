// Mutant: setFavourite trusts the REFERENCES species(code) clause to refuse an unknown code, but SQLite does not enforce foreign keys unless PRAGMA foreign_keys is on, so a code no species has is stored without an error
// Hint: SQLite enforces `REFERENCES` only on a connection that turned foreign keys on (`PRAGMA foreign_keys`), so a code no species has is stored without complaint. Check that the species exists before you change its mark.
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

private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

final class Pokedex {
    static var installedURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent("pokedex.sqlite")
    }

    var db: OpaquePointer?

    func open() throws -> Bool {
        if db != nil { return false }
        var didCopy = false
        let path = Pokedex.installedURL.path
        if !FileManager.default.fileExists(atPath: path) {
            guard let bundled = Bundle.main.path(forResource: "pokedex", ofType: "sqlite") else {
                throw PokedexError.missingResource
            }
            try FileManager.default.copyItem(atPath: bundled, toPath: path)
            didCopy = true
        }
        if sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil) != SQLITE_OK {
            let msg = String(cString: sqlite3_errmsg(db))
            sqlite3_close(db)
            db = nil
            throw PokedexError.sqlite(msg)
        }
        if sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS favourites(code INTEGER PRIMARY KEY REFERENCES species(code))", nil, nil, nil) != SQLITE_OK {
            throw PokedexError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        return didCopy
    }

    private func statement(_ sql: String) throws -> OpaquePointer? {
        guard db != nil else { throw PokedexError.notOpen }
        var stmt: OpaquePointer?
        if sqlite3_prepare_v2(db, sql, -1, &stmt, nil) != SQLITE_OK {
            throw PokedexError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        return stmt
    }

    func name(code: Int) throws -> String? {
        let stmt = try statement("SELECT name FROM species WHERE code = ?")
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(code))
        if sqlite3_step(stmt) == SQLITE_ROW {
            return String(cString: sqlite3_column_text(stmt, 0))
        }
        return nil
    }

    func species(ofType type: String) throws -> [Species] {
        let stmt = try statement("SELECT s.code, s.name FROM species s, species_types st, types t WHERE st.species = s.code AND st.type = t.id AND t.name = ? ORDER BY s.code")
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_text(stmt, 1, type, -1, SQLITE_TRANSIENT)
        var list: [Species] = []
        while sqlite3_step(stmt) == SQLITE_ROW {
            list.append(Species(code: Int(sqlite3_column_int(stmt, 0)), name: String(cString: sqlite3_column_text(stmt, 1))))
        }
        return list
    }

    func types(code: Int) throws -> [String] {
        let stmt = try statement("SELECT t.name FROM types t, species_types st WHERE st.type = t.id AND st.species = ? ORDER BY t.name")
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(code))
        var names: [String] = []
        while sqlite3_step(stmt) == SQLITE_ROW {
            names.append(String(cString: sqlite3_column_text(stmt, 0)))
        }
        return names
    }

    // The favourites table REFERENCES species(code), so the database refuses codes that don't exist.
    func setFavourite(_ favourite: Bool, code: Int) throws {
        let sql = favourite ? "INSERT OR IGNORE INTO favourites(code) VALUES (?)" : "DELETE FROM favourites WHERE code = ?"
        let stmt = try statement(sql)
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(code))
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_CONSTRAINT { throw PokedexError.noSuchSpecies(code) }
        if rc != SQLITE_DONE { throw PokedexError.sqlite(String(cString: sqlite3_errmsg(db))) }
    }

    func favourites() throws -> [Species] {
        let stmt = try statement("SELECT s.code, s.name FROM species s, favourites f WHERE s.code = f.code ORDER BY s.code")
        defer { sqlite3_finalize(stmt) }
        var list: [Species] = []
        while sqlite3_step(stmt) == SQLITE_ROW {
            list.append(Species(code: Int(sqlite3_column_int(stmt, 0)), name: String(cString: sqlite3_column_text(stmt, 1))))
        }
        return list
    }

    func close() throws {
        guard db != nil else { return }
        if sqlite3_close(db) != SQLITE_OK { throw PokedexError.sqlite(String(cString: sqlite3_errmsg(db))) }
        db = nil
    }
}
