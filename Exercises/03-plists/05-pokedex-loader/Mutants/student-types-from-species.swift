// Mutant: collects allTypes from the types of the species it built, so a type the file lists with no species (an empty array) is missing from the list
// Hint: A type the file lists with an empty array of codes is still a type: it belongs in the list of types, and its species are an empty list, not an error. Check that your types come from the file's `types` dictionary, not from the species you built.
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

    init(bundle: Bundle = .main) throws {
        guard let url = bundle.url(forResource: "pokemons", withExtension: "plist") else {
            throw PokedexError.missingFile
        }
        guard let data = try? Data(contentsOf: url),
              let object = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let root = object as? [String: Any] else {
            throw PokedexError.unexpectedContents
        }
        guard let names = root["names"] as? [String: String],
              let icons = root["icons"] as? [String: String],
              let typeLists = root["types"] as? [String: [String]] else {
            throw PokedexError.unexpectedContents
        }
        var typesOf: [String: [String]] = [:]
        for (type, codes) in typeLists {
            for code in codes { typesOf[code, default: []].append(type) }
        }
        var result: [String: Species] = [:]
        for (code, name) in names {
            guard let icon = icons[code] else { throw PokedexError.unexpectedContents }
            result[code] = Species(code: code, name: name, icon: icon, types: (typesOf[code] ?? []).sorted())
        }
        speciesByCode = result
    }

    // Every type some species has.
    var allTypes: [String] {
        var set = Set<String>()
        for species in speciesByCode.values {
            set.formUnion(species.types)
        }
        return set.sorted()
    }

    func species(code: String) throws -> Species {
        guard let found = speciesByCode[code] else { throw PokedexError.unknownCode(code) }
        return found
    }

    func name(ofCode code: String) throws -> String {
        try species(code: code).name
    }

    func types(ofCode code: String) throws -> [String] {
        try species(code: code).types
    }

    func species(ofType type: String) throws -> [Species] {
        let matching = speciesByCode.values.filter { $0.types.contains(type) }
        if matching.isEmpty { throw PokedexError.unknownType(type) }
        return matching.sorted { $0.code < $1.code }
    }

    func search(namePrefix prefix: String) -> [Species] {
        let lower = prefix.lowercased()
        return speciesByCode.keys.sorted().compactMap { code in
            let species = speciesByCode[code]!
            return species.name.lowercased().hasPrefix(lower) ? species : nil
        }
    }
}
