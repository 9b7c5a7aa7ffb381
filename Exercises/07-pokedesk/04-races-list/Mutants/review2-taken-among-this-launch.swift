// Mutant: addPokemon checks the name against a set of the names it added during this launch instead of the store, so after a relaunch or a kill a saved Sparky does not make Sparky taken
// Hint: A name saved at an earlier launch is still taken: ask the store, not what this launch added.
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

    private var addedNames: Set<String> = []
    /// Adds a Pokémon of the race with this code and saves it.
    func addPokemon(named name: String, raceCode: Int) throws {
        guard !addedNames.contains(name) else { throw PokedeskError.nameTaken(name) }
        let race = try race(code: raceCode)
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race           // the inverse puts it in race.pokemons
        addedNames.insert(name)
        try context.save()
    }

    /// Every race, sorted by name ignoring case, with its number of Pokémon and its types;
    /// the race of the Pokémon named `current` is marked.
    func races(current: String?) throws -> [RaceRow] {
        let currentRace: Race? = try current.flatMap { try pokemon(named: $0).race }
        let request = Race.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name", comparison: .caseInsensitive)]
        return try context.fetch(request).map { race in
            let count = race.pokemons.count
            return RaceRow(
                code: Int(race.code),
                name: race.name ?? "",
                imageFile: race.imageFile ?? "",
                detail: count == 1 ? "1 pokemon" : "\(count) pokemons",
                types: race.types.compactMap(\.name).sorted().joined(separator: ", "),
                isCurrent: race == currentRace)
        }
    }
}
