// Mutant: search(namePrefix:) also matches the species whose code starts with the prefix ("search by number too", as Pokédex apps do), so "02" finds the species 020-029 (Raticate, Spearow, …, Pikachu, Raichu, …) and "1" every species from 100 on, although no name starts with a digit
// Hint: The search looks only at each species' name; a species' code is not part of what a name prefix can match.
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

    /// Every type of the file, with the codes of its species (known species only, sorted,
    /// without repeats). A type with no species is kept, with an empty list.
    private let codesByType: [String: [String]]

    init(bundle: Bundle = .main) throws {
        guard let url = bundle.url(forResource: "pokemons", withExtension: "plist") else {
            throw PokedexError.missingFile
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        } catch {
            throw PokedexError.unexpectedContents
        }
        guard let file = root as? [String: Any],
              let names = file["names"] as? [String: String],
              let icons = file["icons"] as? [String: String],
              let types = file["types"] as? [String: [String]] else {
            throw PokedexError.unexpectedContents
        }

        // Codes listed in `types` that `names` lacks are no species: drop them here, once.
        var codesByType: [String: [String]] = [:]
        var typesByCode: [String: Set<String>] = [:]
        for (type, codes) in types {
            let known = Set(codes.filter { names[$0] != nil })
            codesByType[type] = known.sorted()
            for code in known {
                typesByCode[code, default: []].insert(type)
            }
        }

        var speciesByCode: [String: Species] = [:]
        for (code, name) in names {
            guard let icon = icons[code] else {
                throw PokedexError.unexpectedContents
            }
            speciesByCode[code] = Species(code: code, name: name, icon: icon,
                                          types: (typesByCode[code] ?? []).sorted())
        }
        self.speciesByCode = speciesByCode
        self.codesByType = codesByType
    }

    /// Every type, sorted.
    var allTypes: [String] {
        codesByType.keys.sorted()
    }

    /// The species with this code, or `unknownCode`.
    func species(code: String) throws -> Species {
        guard let species = speciesByCode[code] else {
            throw PokedexError.unknownCode(code)
        }
        return species
    }

    /// The name of the species with this code.
    func name(ofCode code: String) throws -> String {
        try species(code: code).name
    }

    /// The types of the species with this code, sorted.
    func types(ofCode code: String) throws -> [String] {
        try species(code: code).types
    }

    /// The species of a type, sorted by code, or `unknownType`.
    func species(ofType type: String) throws -> [Species] {
        guard let codes = codesByType[type] else {
            throw PokedexError.unknownType(type)
        }
        return codes.compactMap { speciesByCode[$0] }
    }

    /// The species whose name starts with `prefix`, ignoring case, sorted by code.
    func search(namePrefix prefix: String) -> [Species] {
        let wanted = prefix.lowercased()
        return speciesByCode.values
            .filter { $0.name.lowercased().hasPrefix(wanted) || $0.code.hasPrefix(prefix) }
            .sorted { $0.code < $1.code }
    }
}
