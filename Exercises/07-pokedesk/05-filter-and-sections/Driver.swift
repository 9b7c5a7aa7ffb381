import ExerciseKit
import Foundation

@main
enum FilterAndSectionsDriver: ExerciseDriver {
    struct NewPokemon: Decodable { var name: String; var code: Int }
    struct Name: Decodable { var name: String }
    struct Rename: Decodable { var name: String; var newName: String }
    struct TypeFilter: Decodable { var type: String }
    struct TypeAndRace: Decodable { var type: String; var race: String }
    struct Section: Encodable { var race: String; var pokemons: [String] }

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
        app.on("ofType") { (args: TypeFilter) in try current().pokemons(ofType: args.type) }
        app.on("ofTypeAndRace") { (args: TypeAndRace) in try current().pokemons(ofType: args.type, race: args.race) }
        app.on("sections") { try current().sectionsByRace().map { Section(race: $0.race, pokemons: $0.pokemons) } }
        // What the list's table view was told since the last call (a new launch starts with none).
        app.on("events") { try current().takeEvents() }
    }
}
