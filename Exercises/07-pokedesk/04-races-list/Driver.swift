import ExerciseKit
import Foundation

@main
enum RacesListDriver: ExerciseDriver {
    struct NewPokemon: Decodable { var name: String; var code: Int }
    struct Current: Decodable { var current: String? }
    struct OneRace: Decodable { var code: Int; var current: String? }
    struct Row: Encodable { var code: Int; var name: String; var imageFile: String; var detail: String; var types: String; var current: Bool }

    static func register(_ app: inout Operations) {
        // The data layer of this launch, opened by the first call that needs it.
        var pokedesk: Pokedesk?
        func current() throws -> Pokedesk {
            if let pokedesk { return pokedesk }
            let opened = try Pokedesk()
            pokedesk = opened
            return opened
        }
        func row(_ race: RaceRow) -> Row {
            Row(code: race.code, name: race.name, imageFile: race.imageFile, detail: race.detail, types: race.types, current: race.isCurrent)
        }

        app.on("add") { (args: NewPokemon) in try current().addPokemon(named: args.name, raceCode: args.code) }
        app.on("changeRace") { (args: NewPokemon) in try current().changeRace(of: args.name, toCode: args.code) }
        // The whole list, 151 rows.
        app.on("races") { (args: Current) in try current().races(current: args.current).map(row) }
        // One row of the list (nil when the list has no race with this code), for short expectations.
        app.on("race") { (args: OneRace) in
            try current().races(current: args.current).first { $0.code == args.code }.map(row)
        }
        // The rows that are not "0 pokemons", and the marked ones, in the list's order.
        app.on("inUse") { (args: Current) in
            try current().races(current: args.current).filter { $0.detail != "0 pokemons" || $0.isCurrent }.map(row)
        }
    }
}
