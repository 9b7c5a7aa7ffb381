// Mutant: changes the race by copying the new race's name and image into the Pokémon's current race (pokemon.race?.name = race.name), confusing the relationship with the attributes of the object at its end; the old race itself is renamed and the Pokémon never moves
// Hint: Giving a Pokémon another race means pointing its `race` relationship at another `Race` object; writing the new race's name into the current race renames that race for every Pokémon of it. Check which object your code changes.
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

    func find(_ name: String) throws -> Pokemon {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        let results = try container.viewContext.fetch(request)
        if results.isEmpty { throw PokedeskError.noSuchPokemon(name) }
        return results[0]
    }

    func rename(_ name: String, to newName: String) throws {
        let pokemon = try find(name)
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name ==[c] %@", newName)
        for other in try container.viewContext.fetch(request) where other != pokemon {
            throw PokedeskError.nameTaken(newName)
        }
        pokemon.name = newName
    }

    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try find(name)
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", code)
        guard let newRace = try container.viewContext.fetch(request).first else {
            throw PokedeskError.noSuchRace(code)
        }
        pokemon.race?.name = newRace.name
        pokemon.race?.code = newRace.code
        pokemon.race?.imageFile = newRace.imageFile
    }

    func saveChanges() throws {
        try container.viewContext.save()
    }

    func discardChanges() {
        container.viewContext.rollback()
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
