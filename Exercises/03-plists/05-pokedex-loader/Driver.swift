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
        var plist: JSONValue?
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
                try PropertyListSerialization.data(fromPropertyList: plist.propertyListObject ?? NSNull(), format: .binary, options: 0)
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
