// Mutant: the preload stores each race's name `capitalized`, as a list would title it, which leaves most names alone but changes those with a letter after an apostrophe or inside a word: "Farfetch'd" is stored as "Farfetch'D" (and a name such as "Mr. Mime" would keep its capitals only by luck), so the races' names are not the plist's
// Hint: A race's name is the plist's text exactly as written: changing its capitals alters names whose letters are not all in title case.
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

    private var context: ManagedObjectContext { container.viewContext }

    /// Fills an empty store with every race and type of `pokemons.plist`, and saves.
    /// The driver calls it once per launch, right after `init()`.
    func preloadIfNeeded() throws {
        guard try context.count(for: Race.fetchRequest()) == 0 else { return }

        // Read and check the whole file before inserting anything.
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist"),
              let data = try? Data(contentsOf: url),
              let root = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
              let catalogue = root as? [String: Any],
              let names = catalogue["names"] as? [String: String],
              let icons = catalogue["icons"] as? [String: String],
              let types = catalogue["types"] as? [String: [String]]
        else { throw PokedeskError.badData }

        var racesByKey: [String: Race] = [:]
        for (key, name) in names {
            let race = Race(context: context)
            race.name = name.capitalized
            race.code = Int16(key) ?? 0
            race.imageFile = icons[key]
            racesByKey[key] = race
        }
        for (typeName, keys) in types {
            let type = PokemonType(context: context)
            type.name = typeName
            for key in keys {
                racesByKey[key]?.addToTypes(type)
            }
        }
        try context.save()
    }

    /// Adds one of the user's Pokémon, of the race with this code, and saves.
    func addPokemon(named name: String, raceCode: Int) throws {
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", raceCode)
        request.fetchLimit = 1
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
