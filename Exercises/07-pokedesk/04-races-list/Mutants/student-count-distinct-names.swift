// Mutant: the detail counts the distinct names of the race's Pokémon ignoring case (names in other capitals taken for one Pokémon, the rule of the Pokémon-list exercise), so with Sparky and sparky both Pikachus the Pikachu row says "1 pokemon" instead of "2 pokemons"
// Hint: The detail counts the race's Pokémon, and here names in other capitals belong to different Pokémon: look at what your count merges.
import Foundation
import ObjectGraph

// MARK: - The model's classes, as `objectgraph-codegen Pokedesk.yml` writes them (the accessors used here)

final class Pokemon: ManagedObject {
    @Managed var name: String?
    @Managed var race: Race?
}

final class Race: ManagedObject {
    @Managed var name: String?
    @Managed var code: Int16
    @Managed var imageFile: String?
    @Managed var pokemons: Set<Pokemon>
    @Managed var types: Set<PokemonType>
}

/// The entity `Type` (a Swift class cannot be named `Type`).
final class PokemonType: ManagedObject {
    @Managed var name: String?
    @Managed var races: Set<Race>
}

extension Pokemon {
    class func fetchRequest() -> FetchRequest<Pokemon> { FetchRequest<Pokemon>(entityName: "Pokemon") }
}

extension Race {
    class func fetchRequest() -> FetchRequest<Race> { FetchRequest<Race>(entityName: "Race") }
    func addToTypes(_ value: PokemonType) { mutableSetValue(forKey: "types").add(value) }
}

// MARK: - The app's data layer

/// Why the data layer refused a request.
enum PokedeskError: Error, Equatable {
    /// No race has this code.
    case noSuchRace(Int)
    /// No Pokémon has this name.
    case noSuchPokemon(String)
    /// Another Pokémon already has this name.
    case nameTaken(String)
    /// `pokemons.plist` is missing from the bundle or is not what it should be.
    case badData
}

/// One row of the races list.
struct RaceRow: Equatable {
    var code: Int
    var name: String
    /// The race's image file, for the row's picture.
    var imageFile: String
    /// "0 pokemons", "1 pokemon", "2 pokemons"…: how many of the user's Pokémon are of this race.
    var detail: String
    /// The race's type names in alphabetical order, joined with ", ": "grass, poison".
    var types: String
    /// Whether this is the race of the Pokémon the list was opened for.
    var isCurrent: Bool
}

final class Pokedesk {
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    /// Given: opens the store `Pokedesk` and fills it with the races and types of
    /// `pokemons.plist` the first time, when it has no race yet (exercise 01).
    init() throws {
        container = PersistentContainer(name: "Pokedesk")
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
        try preloadIfEmpty()
    }

    private func preloadIfEmpty() throws {
        guard try context.count(for: Race.fetchRequest()) == 0 else { return }
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist"),
            let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as? [String: Any],
            let names = plist["names"] as? [String: String],
            let icons = plist["icons"] as? [String: String],
            let types = plist["types"] as? [String: [String]]
        else { throw PokedeskError.badData }
        var races: [String: Race] = [:]
        for (code, name) in names {
            let race = Race(context: context)
            race.name = name
            race.code = Int16(code) ?? 0
            race.imageFile = icons[code]
            races[code] = race
        }
        for (typeName, codes) in types {
            let type = PokemonType(context: context)
            type.name = typeName
            for code in codes { races[code]?.addToTypes(type) }
        }
        try context.save()
    }

    /// Given: the race with this code (exercise 02).
    func race(code: Int) throws -> Race {
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", code)
        guard let race = try context.fetch(request).first else { throw PokedeskError.noSuchRace(code) }
        return race
    }

    /// Given: the Pokémon with this name (exercise 02).
    func pokemon(named name: String) throws -> Pokemon {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        guard let pokemon = try context.fetch(request).first else { throw PokedeskError.noSuchPokemon(name) }
        return pokemon
    }

    /// Given: moves a Pokémon to another race and saves (exercise 03).
    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try pokemon(named: name)
        pokemon.race = try race(code: code)
        try context.save()
    }

    /// Adds a Pokémon of the race with this code and saves it. Throws `nameTaken` when a
    /// Pokémon already has this name, `noSuchRace` when no race has the code.
    func addPokemon(named name: String, raceCode: Int) throws {
        // The name first: exactly this name (case counts), passed as an argument.
        let sameName = Pokemon.fetchRequest()
        sameName.predicate = GraphPredicate(format: "name == %@", name)
        if try context.count(for: sameName) > 0 {
            throw PokedeskError.nameTaken(name)
        }
        let race = try race(code: raceCode)
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try context.save()
    }

    /// Every race, sorted by name ignoring case, with its number of Pokémon and its types;
    /// the race of the Pokémon named `current` is marked (`noSuchPokemon` when there is none).
    func races(current: String?) throws -> [RaceRow] {
        var currentRace: Race?
        if let current {
            currentRace = try pokemon(named: current).race
        }
        let request = Race.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name", comparison: .caseInsensitive)]
        return try context.fetch(request).map { race in
            RaceRow(code: Int(race.code),
                    name: race.name ?? "",
                    imageFile: race.imageFile ?? "",
                    // The same name in other capitals is the same Pokémon: count each name once.
                    detail: Self.detail(count: Set(race.pokemons.compactMap { $0.name?.lowercased() }).count),
                    types: race.types.compactMap(\.name).sorted().joined(separator: ", "),
                    isCurrent: currentRace != nil && race == currentRace)
        }
    }

    /// "0 pokemons", "1 pokemon", "2 pokemons"…
    private static func detail(count: Int) -> String {
        count == 1 ? "1 pokemon" : "\(count) pokemons"
    }
}
