// Mutant: keys the species by Int(code) so that they sort as numbers, so "25" finds Pikachu where the statement says a code without its leading zeros is unknown
// Hint: Codes are text of three digits: "25" is not "025", and a code without its leading zeros is unknown. Check that you look codes up exactly as the file writes them.
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
    private let byNumber: [Int: Species]
    private let typeTable: [String: [String]]

    init(bundle: Bundle = .main) throws {
        guard let path = bundle.path(forResource: "pokemons", ofType: "plist") else {
            throw PokedexError.missingFile
        }
        guard let data = FileManager.default.contents(atPath: path),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let dict = plist as? [String: Any],
              let names = dict["names"] as? [String: String],
              let icons = dict["icons"] as? [String: String],
              let types = dict["types"] as? [String: [String]] else {
            throw PokedexError.unexpectedContents
        }
        var all: [String: Species] = [:]
        var numbers: [Int: Species] = [:]
        for code in names.keys {
            guard let icon = icons[code] else { throw PokedexError.unexpectedContents }
            var mine: [String] = []
            for (type, codes) in types where codes.contains(code) {
                mine.append(type)
            }
            let species = Species(code: code, name: names[code]!, icon: icon, types: mine.sorted())
            all[code] = species
            if let number = Int(code) {
                numbers[number] = species
            }
        }
        speciesByCode = all
        byNumber = numbers
        typeTable = types
    }

    var allTypes: [String] {
        return Array(typeTable.keys).sorted()
    }

    func species(code: String) throws -> Species {
        // Compare as numbers so "001" and "1" are the same Pokémon.
        guard let number = Int(code), let found = byNumber[number] else {
            throw PokedexError.unknownCode(code)
        }
        return found
    }

    func name(ofCode code: String) throws -> String {
        return try species(code: code).name
    }

    func types(ofCode code: String) throws -> [String] {
        return try species(code: code).types
    }

    func species(ofType type: String) throws -> [Species] {
        guard let codes = typeTable[type] else { throw PokedexError.unknownType(type) }
        let numbers = codes.compactMap { Int($0) }.sorted()
        return numbers.compactMap { byNumber[$0] }
    }

    func search(namePrefix prefix: String) -> [Species] {
        let p = prefix.lowercased()
        return byNumber.keys.sorted().compactMap { byNumber[$0] }.filter { $0.name.lowercased().hasPrefix(p) }
    }
}
