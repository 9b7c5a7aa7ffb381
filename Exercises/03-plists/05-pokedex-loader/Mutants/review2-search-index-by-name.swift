// Mutant: search(namePrefix:) looks through an index of the species by lowercased name, which keeps one species per name, so two species whose names are equal (or differ only in case) are found as one
// Hint: Several species may share a name: the search returns every species whose name starts with the prefix.
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
///
/// The file is read once, here, and turned into `Species` values; the untyped dictionaries
/// of the property list never leave the initializer.
struct Pokedex {
    /// Every species, by code.
    let speciesByCode: [String: Species]
    /// The codes of each type's species, sorted.
    private let codesByType: [String: [String]]

    init(bundle: Bundle = .main) throws {
        guard let url = bundle.url(forResource: "pokemons", withExtension: "plist") else {
            throw PokedexError.missingFile
        }
        let data = try Data(contentsOf: url)
        guard let root = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let names = root["names"] as? [String: String],
              let icons = root["icons"] as? [String: String],
              let types = root["types"] as? [String: [String]] else {
            throw PokedexError.unexpectedContents
        }

        // Invert "type → codes" into "code → types" once, instead of searching at every query.
        var typesByCode: [String: [String]] = [:]
        for (type, codes) in types {
            for code in codes {
                typesByCode[code, default: []].append(type)
            }
        }

        var speciesByCode: [String: Species] = [:]
        for (code, name) in names {
            guard let icon = icons[code] else { throw PokedexError.unexpectedContents }
            speciesByCode[code] = Species(code: code, name: name, icon: icon,
                                          types: (typesByCode[code] ?? []).sorted())
        }
        self.speciesByCode = speciesByCode
        // Only codes that name a species count; codes are three digits, so text order is
        // number order.
        codesByType = types.mapValues { codes in codes.filter { names[$0] != nil }.sorted() }
    }

    /// Every type, sorted.
    var allTypes: [String] {
        codesByType.keys.sorted()
    }

    /// The species with this code, or `unknownCode`.
    func species(code: String) throws -> Species {
        guard let species = speciesByCode[code] else { throw PokedexError.unknownCode(code) }
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
        guard let codes = codesByType[type] else { throw PokedexError.unknownType(type) }
        return codes.compactMap { speciesByCode[$0] }
    }

    /// The species whose name starts with `prefix`, ignoring case, sorted by code.
    func search(namePrefix prefix: String) -> [Species] {
        Dictionary(speciesByCode.values.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            .filter { $0.key.hasPrefix(prefix.lowercased()) }
            .map(\.value)
            .sorted { $0.code < $1.code }
    }
}
