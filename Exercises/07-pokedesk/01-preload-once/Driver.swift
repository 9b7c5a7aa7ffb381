import ExerciseKit
import Foundation
import ObjectGraph

@main
enum PreloadOnceDriver: ExerciseDriver {
    struct Code: Decodable { var code: Int }
    struct NewPokemon: Decodable { var name: String; var code: Int }
    struct Counts: Encodable { var races: Int; var types: Int; var pokemons: Int }
    struct RaceRow: Encodable { var code: Int; var name: String?; var imageFile: String?; var types: [String]; var pokemons: [String] }
    struct PokemonRow: Encodable { var name: String?; var race: Int? }
    struct TypeRow: Encodable { var name: String?; var races: [Int] }

    static func register(_ app: inout Operations) {
        // The app of this launch: opened, and preloaded if needed, by the first call
        // (application(_:didFinishLaunchingWithOptions:)).
        var desk: Pokedesk?
        func current() throws -> Pokedesk {
            if let desk { return desk }
            let opened = try Pokedesk()
            // Kept even when the preload throws, as an app keeps its object: what a refused
            // preload left in the context is then seen by the next call.
            desk = opened
            try opened.preloadIfNeeded()
            return opened
        }
        // The driver reads what the learner's context holds, through its own fetches.
        func fetch<T: ManagedObject>(_ request: FetchRequest<T>) throws -> [T] {
            try current().container.viewContext.fetch(request)
        }
        func row(_ race: Race) -> RaceRow {
            RaceRow(
                code: Int(race.code), name: race.name, imageFile: race.imageFile,
                types: race.types.compactMap(\.name).sorted(), pokemons: race.pokemons.compactMap(\.name).sorted())
        }

        app.on("launch") { _ = try current() }
        app.on("counts") { () -> Counts in
            let context = try current().container.viewContext
            return Counts(
                races: try context.count(for: Race.fetchRequest()),
                types: try context.count(for: PokemonType.fetchRequest()),
                pokemons: try context.count(for: Pokemon.fetchRequest()))
        }
        app.on("race") { (args: Code) -> [RaceRow] in
            // Every race with the code: more than one means it was preloaded twice.
            try fetch(Race.fetchRequest()).filter { Int($0.code) == args.code }.map(row)
        }
        app.on("allRaces") { () -> [RaceRow] in
            try fetch(Race.fetchRequest()).map(row).sorted { ($0.code, $0.name ?? "") < ($1.code, $1.name ?? "") }
        }
        app.on("types") { () -> [TypeRow] in
            try fetch(PokemonType.fetchRequest())
                .map { TypeRow(name: $0.name, races: $0.races.map { Int($0.code) }.sorted()) }
                .sorted { ($0.name ?? "", $0.races.count) < ($1.name ?? "", $1.races.count) }
        }
        app.on("add") { (args: NewPokemon) in try current().addPokemon(named: args.name, raceCode: args.code) }
        app.on("pokemons") { () -> [PokemonRow] in
            try fetch(Pokemon.fetchRequest())
                .map { PokemonRow(name: $0.name, race: $0.race.map { Int($0.code) }) }
                .sorted { ($0.name ?? "", $0.race ?? -1) < ($1.name ?? "", $1.race ?? -1) }
        }
    }
}
