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
        // TODO: copy pokedex.sqlite from Bundle.main on the first launch only, then open the copy.
        false
    }

    /// The name of the species with this code, or nil.
    func name(code: Int) throws -> String? {
        // TODO
        nil
    }

    /// The species of a type ("fire", "water"…), by code; none for an unknown type.
    func species(ofType type: String) throws -> [Species] {
        // TODO: join species, species_types and types.
        []
    }

    /// The names of a species' types, alphabetically; none for an unknown code.
    func types(code: Int) throws -> [String] {
        // TODO
        []
    }

    /// Marks or unmarks a species as a favourite, in the copy.
    func setFavourite(_ favourite: Bool, code: Int) throws {
        // TODO: throw PokedexError.noSuchSpecies for an unknown code.
    }

    /// The favourite species, by code.
    func favourites() throws -> [Species] {
        // TODO
        []
    }

    /// Closes the database.
    func close() throws {
        // TODO: sqlite3_close, and throw if it does not return SQLITE_OK.
    }
}
