import ExerciseKit
import Foundation
import ObjectGraph

@main
enum PokemonListDriver: ExerciseDriver {
    struct NewPokemon: Decodable { var name: String; var code: Int }
    struct Row: Encodable { var name: String; var race: String; var imageFile: String }

    static func register(_ app: inout Operations) {
        // The app of this launch, opened by the first call; the course preloads the races
        // into an empty store first, as exercise 01 does.
        var desk: Pokedesk?
        func current() throws -> Pokedesk {
            if let desk { return desk }
            let opened = try Pokedesk()
            try Catalogue.preloadIfNeeded(opened.container.viewContext)
            desk = opened
            return opened
        }

        app.on("add") { (args: NewPokemon) in try current().addPokemon(named: args.name, raceCode: args.code) }
        app.on("pokemons") { () -> [Row] in
            try current().pokemons().map { Row(name: $0.name, race: $0.race, imageFile: $0.imageFile) }
        }
    }
}

/// The races of pokemons.plist, put into an empty store by the course.
enum Catalogue {
    static func preloadIfNeeded(_ context: ManagedObjectContext) throws {
        guard try context.count(for: FetchRequest<Race>(entityName: "Race")) == 0,
            let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist"),
            let plist = NSDictionary(contentsOf: url),
            let names = plist["names"] as? [String: String],
            let icons = plist["icons"] as? [String: String],
            let types = plist["types"] as? [String: [String]]
        else { return }
        var races: [String: Race] = [:]
        for key in names.keys.sorted() {
            let race = Race(context: context)
            race.code = Int16(key) ?? 0
            race.name = names[key]
            race.imageFile = icons[key]
            races[key] = race
        }
        for name in types.keys.sorted() {
            let type = PokemonType(context: context)
            type.name = name
            for key in types[name] ?? [] { races[key]?.addToTypes(type) }
        }
        try context.save()
    }
}
