// Mutant: saves the races before the types are inserted and never saves again, so the types and their links live only in memory and the next launch has races without types
// Hint: Save once everything is inserted, types and links included.
import Foundation
import ObjectGraph

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

final class Pokedesk {
    let container: PersistentContainer

    /// Opens the store `Library/Application Support/Pokedesk.sqlite` with the model `Pokedesk.yml`.
    init() throws {
        container = PersistentContainer(name: "Pokedesk")
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
    }

    /// Fills an empty store with every race and type of `pokemons.plist`, and saves.
    func preloadIfNeeded() throws {
        let context = container.viewContext
        guard try context.count(for: Race.fetchRequest()) == 0 else { return }

        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist") else { throw PokedeskError.badData }
        // A file that cannot be read or is not a property list is bad data too, not the reader's error.
        guard let data = try? Data(contentsOf: url),
            let plist = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any],
            let names = plist["names"] as? [String: String],
            let icons = plist["icons"] as? [String: String],
            let types = plist["types"] as? [String: [String]]
        else { throw PokedeskError.badData }

        var races: [String: Race] = [:]
        for (key, name) in names {
            guard let code = Int16(key) else { continue }
            let race = Race(context: context)
            race.code = code
            race.name = name
            race.imageFile = icons[key]
            races[key] = race
        }
        try context.save()
        for (typeName, keys) in types {
            let type = PokemonType(context: context)
            type.name = typeName
            for key in keys {
                if let race = races[key] { race.addToTypes(type) }
            }
        }
    }

    /// Adds one of the user's Pokémon, of the race with this code, and saves.
    func addPokemon(named name: String, raceCode: Int) throws {
        let context = container.viewContext
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", raceCode)
        guard let race = try context.fetch(request).first else { throw PokedeskError.noSuchRace(raceCode) }
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try context.save()
    }
}
// The model's classes, as `objectgraph-codegen Pokedesk.yml` writes them (given: do not change).
// given: begin

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

final class PokemonType: ManagedObject {
    @Managed var name: String?
    @Managed var races: Set<Race>
}

extension Pokemon {
    class func fetchRequest() -> FetchRequest<Pokemon> { FetchRequest<Pokemon>(entityName: "Pokemon") }
}

extension Race {
    class func fetchRequest() -> FetchRequest<Race> { FetchRequest<Race>(entityName: "Race") }
    func addToPokemons(_ value: Pokemon) { mutableSetValue(forKey: "pokemons").add(value) }
    func removeFromPokemons(_ value: Pokemon) { mutableSetValue(forKey: "pokemons").remove(value) }
    func addToTypes(_ value: PokemonType) { mutableSetValue(forKey: "types").add(value) }
    func removeFromTypes(_ value: PokemonType) { mutableSetValue(forKey: "types").remove(value) }
}

extension PokemonType {
    class func fetchRequest() -> FetchRequest<PokemonType> { FetchRequest<PokemonType>(entityName: "Type") }
    func addToRaces(_ value: Race) { mutableSetValue(forKey: "races").add(value) }
    func removeFromRaces(_ value: Race) { mutableSetValue(forKey: "races").remove(value) }
}
// given: end
