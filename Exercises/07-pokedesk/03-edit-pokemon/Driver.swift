import ExerciseKit
import Foundation
import ObjectGraph

@main
enum EditPokemonDriver: ExerciseDriver {
    struct NewPokemon: Decodable { var name: String; var code: Int }
    struct Rename: Decodable { var name: String; var newName: String }
    struct Code: Decodable { var code: Int }
    struct Row: Encodable { var name: String?; var race: String? }
    struct RaceRow: Encodable { var name: String?; var pokemons: [String] }

    static func register(_ app: inout Operations) {
        // The app of this launch, opened by the first call; the course preloads the races
        // into an empty store first, as exercise 01 does.
        var pokedesk: Pokedesk?
        func current() throws -> Pokedesk {
            if let pokedesk { return pokedesk }
            let opened = try Pokedesk()
            try Catalogue.preloadIfNeeded(opened.container.viewContext)
            pokedesk = opened
            return opened
        }
        func context() throws -> ManagedObjectContext { try current().container.viewContext }
        func byName(_ a: String?, _ b: String?) -> Bool {
            let (x, y) = (a ?? "", b ?? "")
            let order = x.caseInsensitiveCompare(y)
            return order == .orderedSame ? x < y : order == .orderedAscending
        }

        // The course's own screens: adding a Pokémon (saved at once), the list, a race's page.
        app.on("add") { (args: NewPokemon) in
            let context = try context()
            // Names stay unique ignoring case, so the edits below name one Pokémon.
            let taken = FetchRequest<Pokemon>(entityName: "Pokemon")
            taken.predicate = GraphPredicate(format: "name ==[c] %@", args.name)
            guard try context.count(for: taken) == 0 else { return }
            let request = FetchRequest<Race>(entityName: "Race")
            request.predicate = GraphPredicate(format: "code == %d", args.code)
            let pokemon = Pokemon(context: context)
            pokemon.name = args.name
            pokemon.race = try context.fetch(request).first
            try context.save()
        }
        app.on("pokemons") { () -> [Row] in
            try context().fetch(FetchRequest<Pokemon>(entityName: "Pokemon"))
                .map { Row(name: $0.name, race: $0.race?.name) }
                .sorted { byName($0.name, $1.name) }
        }
        // The race's Pokémon, read through the relationship `pokemons` (the inverse of `race`).
        app.on("race") { (args: Code) -> RaceRow? in
            let request = FetchRequest<Race>(entityName: "Race")
            request.predicate = GraphPredicate(format: "code == %d", args.code)
            return try context().fetch(request).first.map { race in
                RaceRow(name: race.name, pokemons: race.pokemons.compactMap(\.name).sorted(by: byName))
            }
        }
        app.on("hasChanges") { try context().hasChanges }

        // The learner's edit screen.
        app.on("rename") { (args: Rename) in try current().rename(args.name, to: args.newName) }
        app.on("changeRace") { (args: NewPokemon) in try current().changeRace(of: args.name, toCode: args.code) }
        app.on("save") { try current().saveChanges() }
        app.on("discard") { try current().discardChanges() }
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
