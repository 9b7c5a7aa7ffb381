// Mutant: init(bundle:) requires `icons` to have exactly the codes of `names` (a consistency check), so a file with an icon for a code that `names` lacks ("999": "x.png", an icon kept for a species removed from the list) throws `unexpectedContents` instead of loading with that icon ignored
// Hint: An icon for a code names lacks is no species: it does not make the file unexpectedContents.
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

    /// Every type of the file with the codes it lists (kept to answer `allTypes` and
    /// `species(ofType:)`, including types whose list is empty).
    private let codesByType: [String: [String]]

    init(bundle: Bundle = .main) throws {
        guard let url = bundle.url(forResource: "pokemons", withExtension: "plist") else {
            throw PokedexError.missingFile
        }
        guard let bytes = try? Data(contentsOf: url),
              let root = try? PropertyListSerialization.propertyList(from: bytes, format: nil),
              let top = root as? [String: Any],
              let names = top["names"] as? [String: String],
              let icons = top["icons"] as? [String: String],
              let types = top["types"] as? [String: [String]] else {
            throw PokedexError.unexpectedContents
        }

        // names and icons describe the same species: one icon per name, no stray icons.
        guard Set(icons.keys) == Set(names.keys) else {
            throw PokedexError.unexpectedContents
        }

        var typesOfCode: [String: Set<String>] = [:]
        for (type, codes) in types {
            for code in codes {
                typesOfCode[code, default: []].insert(type)
            }
        }

        var built: [String: Species] = [:]
        for (code, name) in names {
            guard let icon = icons[code] else {
                throw PokedexError.unexpectedContents
            }
            built[code] = Species(code: code, name: name, icon: icon,
                                  types: (typesOfCode[code] ?? []).sorted())
        }
        speciesByCode = built
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
        guard let codes = codesByType[type] else {
            throw PokedexError.unknownType(type)
        }
        return codes.compactMap { speciesByCode[$0] }.sorted { $0.code < $1.code }
    }

    /// The species whose name starts with `prefix`, ignoring case, sorted by code.
    func search(namePrefix prefix: String) -> [Species] {
        let wanted = prefix.lowercased()
        return speciesByCode.values
            .filter { $0.name.lowercased().hasPrefix(wanted) }
            .sorted { $0.code < $1.code }
    }
}
