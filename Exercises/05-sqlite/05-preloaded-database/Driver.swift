import ExerciseKit
import Foundation

@main
enum PreloadedDatabaseDriver: ExerciseDriver {
    struct CodeArgs: Decodable { var code: Int }
    struct TypeArgs: Decodable { var type: String }
    struct FavouriteArgs: Decodable { var code: Int; var favourite: Bool }
    struct SpeciesReply: Encodable { var code: Int; var name: String }

    static func reply(_ species: Species) -> SpeciesReply {
        SpeciesReply(code: species.code, name: species.name)
    }

    static func register(_ app: inout Operations) {
        // One Pokédex per launch, as the app would keep one.
        let pokedex = Pokedex()

        // What the app does first at every launch.
        app.on("launch") { try pokedex.open() }
        app.on("name") { (args: CodeArgs) in try pokedex.name(code: args.code) }
        app.on("ofType") { (args: TypeArgs) in try pokedex.species(ofType: args.type).map(reply) }
        app.on("types") { (args: CodeArgs) in try pokedex.types(code: args.code) }
        app.on("favourite") { (args: FavouriteArgs) in try pokedex.setFavourite(args.favourite, code: args.code) }
        app.on("favourites") { try pokedex.favourites().map(reply) }
        app.on("close") { try pokedex.close() }
        // Puts the bundle's database, as shipped (no favourites table), at Documents/pokedex.sqlite
        // before the app opens it: the copy an earlier version without favourites made, or a
        // first launch killed between the copy and the CREATE TABLE. Never calls the Pokédex.
        app.on("placeCopyWithoutFavourites") {
            let fileManager = FileManager.default
            let documents = fileManager.urls(for: .documentDirectory, in: .userDomainMask)[0]
            try fileManager.createDirectory(at: documents, withIntermediateDirectories: true)
            guard let original = Bundle.main.url(forResource: "pokedex", withExtension: "sqlite") else {
                throw CocoaError(.fileNoSuchFile)
            }
            try fileManager.copyItem(at: original, to: documents.appending(path: "pokedex.sqlite"))
        }
        // The app is quitting: it closes its database, as applicationWillTerminate would.
        app.onTerminate { try? pokedex.close() }
    }
}
