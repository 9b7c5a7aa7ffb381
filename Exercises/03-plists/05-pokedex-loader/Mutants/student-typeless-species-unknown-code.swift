// Mutant: types(ofCode:) looks the code up in a dictionary of the types of each code, built from `types`, and throws unknownCode when the code is not there, so a species of `names` that no type lists (a file the loader accepts) answers types(ofCode:) with unknownCode(code) instead of [] although species(code:) and name(ofCode:) know it
// Hint: A species of names that no type lists is still in the file: ask yourself what types(ofCode:) should answer for it rather than whether the code is known.
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

    /// The sorted types of every code that a type lists.
    private let typesByCode: [String: [String]]

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
        self.typesByCode = typesByCode.mapValues { $0.sorted() }
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
        guard let types = typesByCode[code] else {
            throw PokedexError.unknownCode(code)
        }
        return types
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
            .filter { $0.name.lowercased().hasPrefix(wanted) }
            .sorted { $0.code < $1.code }
    }
}
