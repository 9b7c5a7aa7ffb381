// Mutant: fetches the sorted list once, when the app starts, and appends each new Pokémon at its end, as a table view's array is often kept; the list of the same launch is then out of order until the next launch
// Hint: The list must be in order right after each addition, not only at the next launch: a new Pokémon belongs at its place by name, not at the end. Check what your list returns after an addition in the same launch.
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

struct PokemonRow: Equatable {
    var name: String
    var race: String
    var imageFile: String
}

final class Pokedesk {
    let container: PersistentContainer
    private var rows: [PokemonRow]?

    init() throws {
        container = PersistentContainer(name: "Pokedesk")
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
    }

    func addPokemon(named name: String, raceCode: Int) throws {
        let context = container.viewContext
        let taken = Pokemon.fetchRequest()
        taken.predicate = GraphPredicate(format: "name ==[c] %@", name)
        if try !context.fetch(taken).isEmpty { throw PokedeskError.nameTaken(name) }
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", raceCode)
        guard let race = try context.fetch(request).first else { throw PokedeskError.noSuchRace(raceCode) }
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try context.save()
        if rows != nil { rows!.append(PokemonRow(name: name, race: race.name ?? "", imageFile: race.imageFile ?? "")) }
    }

    func pokemons() throws -> [PokemonRow] {
        if let rows { return rows }
        let request = Pokemon.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive)]
        let loaded = try container.viewContext.fetch(request).map {
            PokemonRow(name: $0.name ?? "", race: $0.race?.name ?? "", imageFile: $0.race?.imageFile ?? "")
        }
        rows = loaded
        return loaded
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
