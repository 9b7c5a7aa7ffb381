// Mutant: builds the species with compactMap and quietly leaves out a species that has no icon, where the statement says such a file is unexpectedContents
// Hint: A species without an icon makes the whole file unexpected, and leaving that species out quietly hides a broken file. Check that a missing icon makes the loader throw.
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
    let typesTable: [String: [String]]

    init(bundle: Bundle = .main) throws {
        guard let url = bundle.url(forResource: "pokemons", withExtension: "plist") else {
            throw PokedexError.missingFile
        }
        let raw: Any
        do {
            raw = try PropertyListSerialization.propertyList(from: try Data(contentsOf: url), options: [], format: nil)
        } catch {
            throw PokedexError.unexpectedContents
        }
        guard let root = raw as? [String: Any] else { throw PokedexError.unexpectedContents }
        guard let names = root["names"] as? [String: String],
              let icons = root["icons"] as? [String: String],
              let types = root["types"] as? [String: [String]] else {
            throw PokedexError.unexpectedContents
        }
        let list: [Species] = names.compactMap { code, name in
            guard let icon = icons[code] else { return nil }
            let speciesTypes = types.filter { $0.value.contains(code) }.map { $0.key }.sorted()
            return Species(code: code, name: name, icon: icon, types: speciesTypes)
        }
        speciesByCode = Dictionary(uniqueKeysWithValues: list.map { ($0.code, $0) })
        typesTable = types
    }

    var allTypes: [String] { typesTable.keys.sorted() }

    func species(code: String) throws -> Species {
        if let s = speciesByCode[code] { return s }
        throw PokedexError.unknownCode(code)
    }

    func name(ofCode code: String) throws -> String { try species(code: code).name }

    func types(ofCode code: String) throws -> [String] { try species(code: code).types }

    func species(ofType type: String) throws -> [Species] {
        guard let codes = typesTable[type] else { throw PokedexError.unknownType(type) }
        return codes.sorted().compactMap { speciesByCode[$0] }
    }

    func search(namePrefix prefix: String) -> [Species] {
        speciesByCode.values.filter { $0.name.lowercased().starts(with: prefix.lowercased()) }.sorted { $0.code < $1.code }
    }
}
