// Mutant: fetches the Pokémon without a sort descriptor and sorts them in Swift with < on the names, which compares case-sensitively ("Zed" before "anne"); the student expects < on strings to sort the way people do
// Hint: Swift's `<` on strings compares character codes, so every capital letter sorts before every lowercase one. Sort in the fetch request with a comparison that ignores case, and the store does the work.
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
    var context: ManagedObjectContext { container.viewContext }

    init() throws {
        container = PersistentContainer(name: "Pokedesk")
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
    }

    func addPokemon(named name: String, raceCode: Int) throws {
        let all = try context.fetch(Pokemon.fetchRequest())
        if all.contains(where: { ($0.name ?? "").lowercased() == name.lowercased() }) {
            throw PokedeskError.nameTaken(name)
        }
        let races = try context.fetch(Race.fetchRequest())
        guard let race = races.first(where: { Int($0.code) == raceCode }) else {
            throw PokedeskError.noSuchRace(raceCode)
        }
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try context.save()
    }

    func pokemons() throws -> [PokemonRow] {
        let pokemons = try context.fetch(Pokemon.fetchRequest())
        return pokemons
            .sorted { $0.name! < $1.name! }
            .map { PokemonRow(name: $0.name!, race: $0.race?.name ?? "", imageFile: $0.race?.imageFile ?? "") }
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
