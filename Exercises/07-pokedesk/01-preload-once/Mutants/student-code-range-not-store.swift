// Mutant: addPokemon decides whether the code is known from the Pokédex's range 1...151 instead of from the store, and then sets whatever race the fetch finds, so in a launch whose preload threw badData (the store has no race) adding a Pokémon of race 25 saves a Pokémon with no race instead of throwing noSuchRace(25)
// Hint: Whether a race has the code is the store's answer, not the Pokédex's range: with no race stored, every code is refused.
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
    /// The driver calls it once per launch, right after `init()`.
    func preloadIfNeeded() throws {
        let context = container.viewContext
        guard try context.count(for: Race.fetchRequest()) == 0 else { return }
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist"),
              let data = try? Data(contentsOf: url),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let root = plist as? [String: Any],
              let names = root["names"] as? [String: String],
              let icons = root["icons"] as? [String: String],
              let types = root["types"] as? [String: [String]]
        else { throw PokedeskError.badData }

        var racesByCode: [String: Race] = [:]
        for (code, name) in names {
            let race = Race(context: context)
            race.name = name
            race.code = Int16(code) ?? 0
            race.imageFile = icons[code]
            racesByCode[code] = race
        }
        for (typeName, codes) in types {
            let type = PokemonType(context: context)
            type.name = typeName
            for code in codes {
                racesByCode[code]?.addToTypes(type)
            }
        }
        try context.save()
    }

    /// Adds one of the user's Pokémon, of the race with this code, and saves.
    func addPokemon(named name: String, raceCode: Int) throws {
        let context = container.viewContext
        // The Pokédex numbers its 151 races from 1 to 151.
        guard (1...151).contains(raceCode) else {
            throw PokedeskError.noSuchRace(raceCode)
        }
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", raceCode)
        request.fetchLimit = 1
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = try context.fetch(request).first
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
