// Mutant: init(bundle:) also refuses a root dictionary that holds any key besides names, icons and types (reading "Its root dictionary holds three dictionaries" as "exactly these three"), so a pokemons.plist with an extra entry such as "generation" or "version" throws unexpectedContents instead of loading
// Hint: Only what the statement lists makes the file unexpectedContents: a root key it does not use is ignored.
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

    /// Every type of the file with the codes it lists, as read (empty lists included).
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
        // "Its root dictionary holds three dictionaries": anything else is not a Pokédex file.
        guard Set(file.keys) == ["names", "icons", "types"] else {
            throw PokedexError.unexpectedContents
        }

        // Invert `types` once: code → its types.
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
        // Each species once, and only codes that are species of the file.
        return Set(codes).compactMap { speciesByCode[$0] }.sorted { $0.code < $1.code }
    }

    /// The species whose name starts with `prefix`, ignoring case, sorted by code.
    func search(namePrefix prefix: String) -> [Species] {
        let wanted = prefix.lowercased()
        return speciesByCode.values
            .filter { wanted.isEmpty || $0.name.lowercased().hasPrefix(wanted) }
            .sorted { $0.code < $1.code }
    }
}
