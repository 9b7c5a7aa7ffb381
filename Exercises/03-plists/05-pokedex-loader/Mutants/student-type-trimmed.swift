// Mutant: species(ofType:) trims blanks and line breaks around the type before the lookup ("a type picked from a text field may carry stray blanks"), so " fire" or "dragon\n" answers with the fire or dragon species instead of throwing unknownType(" fire")
// Hint: The type asked for is looked up exactly as it is given, blanks and line breaks included.
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
    /// Every type of the file, with the codes it lists.
    private let codesByType: [String: [String]]

    init(bundle: Bundle = .main) throws {
        guard let url = bundle.url(forResource: "pokemons", withExtension: "plist") else {
            throw PokedexError.missingFile
        }
        guard let data = try? Data(contentsOf: url),
              let root = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let dictionary = root as? [String: Any],
              let names = dictionary["names"] as? [String: String],
              let icons = dictionary["icons"] as? [String: String],
              let types = dictionary["types"] as? [String: [String]] else {
            throw PokedexError.unexpectedContents
        }

        var typesOfCode: [String: Set<String>] = [:]
        for (type, codes) in types {
            for code in codes {
                typesOfCode[code, default: []].insert(type)
            }
        }

        var species: [String: Species] = [:]
        for (code, name) in names {
            guard let icon = icons[code] else {
                throw PokedexError.unexpectedContents
            }
            species[code] = Species(code: code, name: name, icon: icon,
                                    types: typesOfCode[code, default: []].sorted())
        }
        speciesByCode = species
        codesByType = types
    }

    /// Every type, sorted.
    var allTypes: [String] {
        codesByType.keys.sorted()
    }

    /// The species with this code, or `unknownCode`.
    func species(code: String) throws -> Species {
        guard let found = speciesByCode[code] else {
            throw PokedexError.unknownCode(code)
        }
        return found
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
        // A type picked from a text field may carry stray blanks.
        let type = type.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let codes = codesByType[type] else {
            throw PokedexError.unknownType(type)
        }
        // A code that `names` lacks is no species; a code listed twice is one species.
        return Set(codes).compactMap { speciesByCode[$0] }.sorted { $0.code < $1.code }
    }

    /// The species whose name starts with `prefix`, ignoring case, sorted by code.
    func search(namePrefix prefix: String) -> [Species] {
        let lowered = prefix.lowercased()
        return speciesByCode.values
            .filter { $0.name.lowercased().hasPrefix(lowered) }
            .sorted { $0.code < $1.code }
    }
}
