// Mutant: the search uses an anchored, case-insensitive range(of:), which finds nothing for an empty prefix
// Hint: Search with "" and count the results.
import Foundation

enum PokedexError: Error, Equatable {
    case missingFile
    case unexpectedContents
    case unknownCode(String)
    case unknownType(String)
}

struct Species: Equatable {
    let code: String
    let name: String
    let icon: String
    let types: [String]
}

struct Pokedex {
    let speciesByCode: [String: Species]
    private let codesByType: [String: [String]]

    init(bundle: Bundle = .main) throws {
        guard let url = bundle.url(forResource: "pokemons", withExtension: "plist") else {
            throw PokedexError.missingFile
        }
        guard let data = try? Data(contentsOf: url),
              let root = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let names = root["names"] as? [String: String],
              let icons = root["icons"] as? [String: String],
              let types = root["types"] as? [String: [String]] else {
            throw PokedexError.unexpectedContents
        }

        var species: [String: Species] = [:]
        for (code, name) in names {
            guard let icon = icons[code] else {
                throw PokedexError.unexpectedContents
            }
            let speciesTypes = types.filter { $0.value.contains(code) }.keys.sorted()
            species[code] = Species(code: code, name: name, icon: icon, types: speciesTypes)
        }
        speciesByCode = species
        codesByType = types
    }

    var allTypes: [String] {
        codesByType.keys.sorted()
    }

    func species(code: String) throws -> Species {
        guard let species = speciesByCode[code] else {
            throw PokedexError.unknownCode(code)
        }
        return species
    }

    func name(ofCode code: String) throws -> String {
        try species(code: code).name
    }

    func types(ofCode code: String) throws -> [String] {
        try species(code: code).types
    }

    func species(ofType type: String) throws -> [Species] {
        guard let codes = codesByType[type] else {
            throw PokedexError.unknownType(type)
        }
        return Set(codes).sorted().compactMap { speciesByCode[$0] }
    }

    func search(namePrefix prefix: String) -> [Species] {
        speciesByCode.values
            .filter { $0.name.range(of: prefix, options: [.anchored, .caseInsensitive]) != nil }
            .sorted { $0.code < $1.code }
    }
}
