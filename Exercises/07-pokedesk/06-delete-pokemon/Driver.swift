import ExerciseKit
import Foundation

@main
enum DeletePokemonDriver: ExerciseDriver {
    struct NewPokemon: Decodable { var name: String; var code: Int }
    struct Name: Decodable { var name: String }
    struct Rename: Decodable { var name: String; var newName: String }
    struct Code: Decodable { var code: Int }
    struct Row: Encodable { var name: String; var race: String; var imageFile: String }
    struct Catalogue: Encodable { var races: Int; var types: Int }

    static func register(_ app: inout Operations) {
        // The data layer of this launch, opened by the first call that needs it.
        var pokedesk: Pokedesk?
        func current() throws -> Pokedesk {
            if let pokedesk { return pokedesk }
            let opened = try Pokedesk()
            pokedesk = opened
            return opened
        }

        app.on("add") { (args: NewPokemon) in try current().addPokemon(named: args.name, raceCode: args.code) }
        app.on("rename") { (args: Rename) in try current().rename(args.name, to: args.newName) }
        app.on("changeRace") { (args: NewPokemon) in try current().changeRace(of: args.name, toCode: args.code) }
        app.on("delete") { (args: Name) in try current().deletePokemon(named: args.name) }
        app.on("pokemons") {
            try current().pokemons().map { Row(name: $0.name, race: $0.race, imageFile: $0.imageFile) }
        }
        app.on("count") { (args: Code) in try current().pokemonCount(ofRace: args.code) }
        app.on("catalogue") { () -> Catalogue in
            let size = try current().catalogueSize()
            return Catalogue(races: size.races, types: size.types)
        }
    }
}
