// Mutant: reads the file "once" by keeping the parsed Pokédex in a static property, so every Pokedex made later in the launch, from any bundle, gets the first one's species
// Hint: Each Pokédex reads the bundle it is given, so species kept in a static property from the first one answer for the wrong file. Check that every new Pokédex loads its own bundle, within one launch too.
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
    private let codesOfType: [String: [String]]

    // The file is big: parse it once and keep it.
    nonisolated(unsafe) private static var loaded: (species: [String: Species], types: [String: [String]])?

    init(bundle: Bundle = .main) throws {
        if let cached = Pokedex.loaded {
            speciesByCode = cached.species
            codesOfType = cached.types
            return
        }
        guard let url = bundle.url(forResource: "pokemons", withExtension: "plist") else {
            throw PokedexError.missingFile
        }
        let data = try Data(contentsOf: url)
        guard let root = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any],
              let names = root["names"] as? [String: String],
              let icons = root["icons"] as? [String: String],
              let types = root["types"] as? [String: [String]] else {
            throw PokedexError.unexpectedContents
        }
        var species: [String: Species] = [:]
        for (code, name) in names {
            guard let icon = icons[code] else { throw PokedexError.unexpectedContents }
            let itsTypes = types.keys.filter { types[$0]!.contains(code) }.sorted()
            species[code] = Species(code: code, name: name, icon: icon, types: itsTypes)
        }
        var codes: [String: [String]] = [:]
        for (type, list) in types {
            codes[type] = list.filter { names[$0] != nil }.sorted()
        }
        speciesByCode = species
        codesOfType = codes
        Pokedex.loaded = (species, codes)
    }

    var allTypes: [String] { codesOfType.keys.sorted() }

    func species(code: String) throws -> Species {
        guard let s = speciesByCode[code] else { throw PokedexError.unknownCode(code) }
        return s
    }

    func name(ofCode code: String) throws -> String { try species(code: code).name }

    func types(ofCode code: String) throws -> [String] { try species(code: code).types }

    func species(ofType type: String) throws -> [Species] {
        guard let codes = codesOfType[type] else { throw PokedexError.unknownType(type) }
        return codes.map { speciesByCode[$0]! }
    }

    func search(namePrefix prefix: String) -> [Species] {
        var found: [Species] = []
        for s in speciesByCode.values where s.name.lowercased().hasPrefix(prefix.lowercased()) {
            found.append(s)
        }
        return found.sorted(by: { $0.code < $1.code })
    }
}
