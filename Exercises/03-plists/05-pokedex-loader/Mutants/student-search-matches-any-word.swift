// Mutant: search(namePrefix:) also matches a name when any of its words starts with the prefix (search as you type), so "mime" finds Mr. Mime and "m" finds Mr. Mime besides the names that start with M
// Hint: The search compares the prefix with the start of the whole name only, not with the start of each word in it.
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

    /// Every type of the file, with the codes of its species (known species only, sorted).
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
        guard let dictionary = root as? [String: Any],
              let names = dictionary["names"] as? [String: String],
              let icons = dictionary["icons"] as? [String: String],
              let types = dictionary["types"] as? [String: [String]] else {
            throw PokedexError.unexpectedContents
        }

        // The types of each code, from the lists of codes of each type.
        var typesByCode: [String: Set<String>] = [:]
        for (type, codes) in types {
            for code in codes {
                typesByCode[code, default: []].insert(type)
            }
        }

        var species: [String: Species] = [:]
        for (code, name) in names {
            guard let icon = icons[code] else {
                throw PokedexError.unexpectedContents
            }
            species[code] = Species(code: code, name: name, icon: icon,
                                    types: (typesByCode[code] ?? []).sorted())
        }
        speciesByCode = species
        // Codes that `names` lacks are no species; a code listed twice counts once.
        codesByType = types.mapValues { codes in
            Set(codes.filter { names[$0] != nil }).sorted()
        }
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
        // Search as you type: a name matches when it, or any word in it, starts with the text.
        return speciesByCode.values
            .filter { species in
                let name = species.name.lowercased()
                return name.hasPrefix(wanted)
                    || name.split(separator: " ").contains { $0.hasPrefix(wanted) }
            }
            .sorted { $0.code < $1.code }
    }
}
