import ExerciseKit
import Foundation

@main
enum PokedexDriver: ExerciseDriver {
    struct CodeArgs: Decodable { var code: String }
    struct TypeArgs: Decodable { var type: String }
    struct PrefixArgs: Decodable { var prefix: String }

    /// A bundle of the driver's making: `plist` is written as pokemons.plist (binary),
    /// `text` as its raw bytes; with neither, the bundle has no pokemons.plist.
    struct FakeBundleArgs: Decodable {
        var plist: PlistValue?
        var text: String?
    }

    struct Summary: Encodable {
        var species: Int
        var types: [String]
    }

    struct ShownSpecies: Encodable {
        var code: String
        var name: String
        var icon: String
        var types: [String]

        init(_ species: Species) {
            (code, name, icon, types) = (species.code, species.name, species.icon, species.types)
        }
    }

    static func register(_ app: inout Operations) {
        // Loaded once per launch, from Bundle.main, as the app would at start-up.
        let loaded = Result { try Pokedex() }

        app.on("load") { () -> Summary in
            let pokedex = try loaded.get()
            return Summary(species: pokedex.speciesByCode.count, types: pokedex.allTypes)
        }
        app.on("species") { (args: CodeArgs) in ShownSpecies(try loaded.get().species(code: args.code)) }
        app.on("name") { (args: CodeArgs) in try loaded.get().name(ofCode: args.code) }
        app.on("types") { (args: CodeArgs) in try loaded.get().types(ofCode: args.code) }
        // Lists of species show their names, in the order they come.
        app.on("ofType") { (args: TypeArgs) in try loaded.get().species(ofType: args.type).map(\.name) }
        app.on("search") { (args: PrefixArgs) in try loaded.get().search(namePrefix: args.prefix).map(\.name) }

        var bundleCount = 0
        app.on("loadFrom") { (args: FakeBundleArgs) -> Summary in
            bundleCount += 1
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("Fake-\(bundleCount).bundle")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("pokemons.plist")
            if let plist = args.plist {
                try PropertyListSerialization.data(fromPropertyList: plist.propertyListObject, format: .binary, options: 0)
                    .write(to: file)
            } else if let text = args.text {
                try Data(text.utf8).write(to: file)
            }
            guard let bundle = Bundle(path: folder.path) else { throw DriverError("no bundle at \(folder.path)") }
            let pokedex = try Pokedex(bundle: bundle)
            return Summary(species: pokedex.speciesByCode.count, types: pokedex.allTypes)
        }
    }
}

/// A mistake in the cases, not in the learner's code.
struct DriverError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A property-list value written in the case as JSON.
enum PlistValue: Decodable {
    case bool(Bool), int(Int), double(Double), string(String), array([PlistValue]), dictionary([String: PlistValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .int(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([PlistValue].self) { self = .array(value) }
        else { self = .dictionary(try container.decode([String: PlistValue].self)) }
    }

    var propertyListObject: Any {
        switch self {
        case .bool(let value): value
        case .int(let value): value
        case .double(let value): value
        case .string(let value): value
        case .array(let values): values.map(\.propertyListObject)
        case .dictionary(let values): values.mapValues(\.propertyListObject)
        }
    }
}
