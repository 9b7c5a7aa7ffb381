// Mutant: races(current:) remembers the race it found for the last `current` name and reuses it while the same name is asked again, to spare a fetch when the picker is reopened for the same Pokémon, so after changeRace(of: "Leafy", toCode: 25) races(current: "Leafy") still marks Bulbasaur instead of Pikachu until the next launch (the counts are right)
// Hint: The race of the Pokémon being edited can change between two openings of the list, so find it again each time rather than reusing what an earlier call found.
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
        // The name first, exactly as given (case counts).
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

    /// The last Pokémon the picker was opened for, and its race.
    private var lastCurrent: (name: String, race: Race?)?

    /// Every race, sorted by name ignoring case, with its number of Pokémon and its types;
    /// the race of the Pokémon named `current` is marked (`noSuchPokemon` when there is none).
    func races(current: String?) throws -> [RaceRow] {
        var currentRace: Race?
        if let current {
            if let last = lastCurrent, last.name == current {
                currentRace = last.race
            } else {
                currentRace = try pokemon(named: current).race
                lastCurrent = (current, currentRace)
            }
        }
        let request = Race.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive)]
        return try context.fetch(request).map { race in
            let count = race.pokemons.count
            return RaceRow(code: Int(race.code),
                           name: race.name ?? "",
                           imageFile: race.imageFile ?? "",
                           detail: count == 1 ? "1 pokemon" : "\(count) pokemons",
                           types: race.types.compactMap(\.name).sorted().joined(separator: ", "),
                           isCurrent: currentRace != nil && race == currentRace)
        }
    }
}
