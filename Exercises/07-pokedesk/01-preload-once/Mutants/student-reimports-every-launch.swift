// Mutant: keeps the catalogue "fresh" by deleting every race and type and importing pokemons.plist again at each launch; the delete rule nullifies the user's Pokémon's races, so after a relaunch they belong to no race
// Hint: Deleting the races to import them again breaks every link the user made: the nullify rule leaves their Pokémon with no race, and the new races are other objects. Import the catalogue only into a store that holds none.
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

    init() throws {
        container = PersistentContainer(name: "Pokedesk")
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
    }

    func preloadIfNeeded() throws {
        let context = container.viewContext
        for race in try context.fetch(Race.fetchRequest()) { context.delete(race) }
        for type in try context.fetch(PokemonType.fetchRequest()) { context.delete(type) }

        let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist")!
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as! [String: Any]
        let names = plist["names"] as! [String: String]
        let icons = plist["icons"] as! [String: String]
        var races: [String: Race] = [:]
        for (key, name) in names {
            let race = Race(context: context)
            race.code = Int16(key) ?? 0
            race.name = name
            race.imageFile = icons[key]
            races[key] = race
        }
        for (name, keys) in plist["types"] as! [String: [String]] {
            let type = PokemonType(context: context)
            type.name = name
            for key in keys { races[key]?.addToTypes(type) }
        }
        try context.save()
    }

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
