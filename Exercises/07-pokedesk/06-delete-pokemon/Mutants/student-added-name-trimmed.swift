// Mutant: addPokemon trims the spaces and newlines around the name before checking and storing it, so " Sparky " is saved as "Sparky": with Sparky there it throws nameTaken("Sparky") instead of adding " Sparky ", and otherwise the list shows "Sparky" while rename, changeRace and deletePokemon of " Sparky " throw noSuchPokemon
// Hint: A Pokémon is known by its exact name: " Leafy " with spaces is another Pokémon.
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

extension PokemonType {
    class func fetchRequest() -> FetchRequest<PokemonType> { FetchRequest<PokemonType>(entityName: "Type") }
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

/// One row of the user's list of Pokémon.
struct PokemonRow: Equatable {
    var name: String
    var race: String
    var imageFile: String
}

final class Pokedesk {
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    /// Opens the store `Pokedesk` and, when it holds no race yet, fills it with the races and
    /// types of `pokemons.plist`.
    init() throws {
        container = PersistentContainer(name: "Pokedesk")
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
        try preloadIfStoreHasNoRace()
    }

    // MARK: The catalogue

    private struct Catalogue: Decodable {
        let names: [String: String]
        let icons: [String: String]
        let types: [String: [String]]
    }

    /// Once in the store's life: only a store without a single race gets the catalogue,
    /// whatever the user has added or deleted since.
    private func preloadIfStoreHasNoRace() throws {
        guard try context.count(for: Race.fetchRequest()) == 0 else { return }
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist"),
              let data = try? Data(contentsOf: url),
              let catalogue = try? PropertyListDecoder().decode(Catalogue.self, from: data)
        else { throw PokedeskError.badData }
        var racesByKey: [String: Race] = [:]
        for (key, name) in catalogue.names {
            let race = Race(context: context)
            race.code = Int16(key) ?? 0
            race.name = name
            race.imageFile = catalogue.icons[key]
            racesByKey[key] = race
        }
        for (typeName, keys) in catalogue.types {
            let type = PokemonType(context: context)
            type.name = typeName
            for key in keys { racesByKey[key]?.addToTypes(type) }
        }
        try context.save()
    }

    // MARK: Look-ups

    /// The race with this code; `noSuchRace` when none (any Int, however large).
    private func race(code: Int) throws -> Race {
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", code)
        request.fetchLimit = 1
        guard let race = try context.fetch(request).first else { throw PokedeskError.noSuchRace(code) }
        return race
    }

    /// The Pokémon with exactly this name (case counts), or nil.
    private func existingPokemon(named name: String) throws -> Pokemon? {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func pokemon(named name: String) throws -> Pokemon {
        guard let pokemon = try existingPokemon(named: name) else { throw PokedeskError.noSuchPokemon(name) }
        return pokemon
    }

    /// Every change is written before the call returns, so a kill right after keeps it.
    private func save() throws {
        if context.hasChanges {
            try context.save()
        }
    }

    // MARK: Changes

    /// Adds a Pokémon of the race with this code, and saves.
    func addPokemon(named typedName: String, raceCode: Int) throws {
        // Spaces typed around a name are not part of it.
        let name = typedName.trimmingCharacters(in: .whitespacesAndNewlines)
        if try existingPokemon(named: name) != nil { throw PokedeskError.nameTaken(name) }
        let race = try race(code: raceCode)
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try save()
    }

    /// Gives a Pokémon another name, and saves.
    func rename(_ name: String, to newName: String) throws {
        let pokemon = try pokemon(named: name)
        // Another Pokémon with exactly the new name blocks it; the Pokémon itself never does.
        if let holder = try existingPokemon(named: newName), holder != pokemon {
            throw PokedeskError.nameTaken(newName)
        }
        pokemon.name = newName
        try save()
    }

    /// Moves a Pokémon to the race with this code, and saves.
    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try pokemon(named: name)
        let race = try race(code: code)
        pokemon.race = race
        try save()
    }

    /// Deletes a Pokémon, and saves. Its race stays.
    func deletePokemon(named name: String) throws {
        context.delete(try pokemon(named: name))
        try save()
    }

    // MARK: Questions

    /// The user's Pokémon, sorted by name ignoring case.
    func pokemons() throws -> [PokemonRow] {
        let request = Pokemon.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name", comparison: .caseInsensitive)]
        return try context.fetch(request).map {
            PokemonRow(name: $0.name ?? "", race: $0.race?.name ?? "", imageFile: $0.race?.imageFile ?? "")
        }
    }

    /// How many of the user's Pokémon are of the race with this code.
    func pokemonCount(ofRace code: Int) throws -> Int {
        try race(code: code).pokemons.count
    }

    /// How many races and types the store holds.
    func catalogueSize() throws -> (races: Int, types: Int) {
        (try context.count(for: Race.fetchRequest()), try context.count(for: PokemonType.fetchRequest()))
    }
}
