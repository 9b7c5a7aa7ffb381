import Foundation

enum PokedexError: Error, Equatable {
    /// The bundle has no pokemons.plist.
    case missingFile
    /// The file is not what the Pokédex expects.
    case unexpectedContents
    /// No species has this code.
    case unknownCode(String)
    /// No species has this type.
    case unknownType(String)
}

/// One species of the first generation.
struct Species: Equatable {
    let code: String        // "025"
    let name: String        // "Pikachu"
    let icon: String        // "pikachu.png"
    let types: [String]     // ["electric"], sorted
}

/// The species of `pokemons.plist`, by code, and the questions the app asks about them.
struct Pokedex {
    /// Every species, by code.
    let speciesByCode: [String: Species]

    init(bundle: Bundle = .main) throws {
        // TODO: find pokemons.plist in the bundle, parse it, and build every Species.
        speciesByCode = [:]
    }

    /// Every type, sorted.
    var allTypes: [String] {
        [] // TODO
    }

    /// The species with this code, or `unknownCode`.
    func species(code: String) throws -> Species {
        throw PokedexError.unknownCode(code) // TODO
    }

    /// The name of the species with this code.
    func name(ofCode code: String) throws -> String {
        throw PokedexError.unknownCode(code) // TODO
    }

    /// The types of the species with this code, sorted.
    func types(ofCode code: String) throws -> [String] {
        throw PokedexError.unknownCode(code) // TODO
    }

    /// The species of a type, sorted by code, or `unknownType`.
    func species(ofType type: String) throws -> [Species] {
        throw PokedexError.unknownType(type) // TODO
    }

    /// The species whose name starts with `prefix`, ignoring case, sorted by code.
    func search(namePrefix prefix: String) -> [Species] {
        [] // TODO
    }
}
