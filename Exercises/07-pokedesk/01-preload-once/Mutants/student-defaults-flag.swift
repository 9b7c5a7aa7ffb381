// Mutant: remembers the preload with a "didPreload" flag in UserDefaults instead of asking the store; the defaults are written after the store, so a crash after the first launch loses the flag and the next launch preloads every race a second time
// Hint: A flag in `UserDefaults` reaches the disk at another moment than the store, so a kill after the first launch can keep the races and lose the flag, and the next launch preloads again. Ask the store itself whether it holds any race.
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
        let defaults = UserDefaults.standard
        if defaults.bool(forKey: "didPreload") { return }

        let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist")!
        let plist = NSDictionary(contentsOf: url) as! [String: Any]
        let names = plist["names"] as! [String: String]
        let icons = plist["icons"] as! [String: String]
        let types = plist["types"] as! [String: [String]]

        let context = container.viewContext
        var byCode: [Int: Race] = [:]
        for key in names.keys.sorted() {
            let race = Race(context: context)
            race.code = Int16(key)!
            race.name = names[key]
            race.imageFile = icons[key]
            byCode[Int(key)!] = race
        }
        for typeName in types.keys.sorted() {
            let type = PokemonType(context: context)
            type.name = typeName
            for key in types[typeName]! {
                type.addToRaces(byCode[Int(key)!]!)
            }
        }
        try context.save()
        defaults.set(true, forKey: "didPreload")
    }

    func addPokemon(named name: String, raceCode: Int) throws {
        let context = container.viewContext
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", raceCode)
        let found = try context.fetch(request)
        if found.isEmpty { throw PokedeskError.noSuchRace(raceCode) }
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = found[0]
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
