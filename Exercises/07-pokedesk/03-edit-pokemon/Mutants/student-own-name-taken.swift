// Mutant: refuses a new name whenever any Pokémon has it ignoring case, the Pokémon being renamed included, so sparky cannot become Sparky; the student forgets that the Pokémon itself matches
// Hint: Looking for the new name ignoring case also finds the Pokémon being renamed, when only its capitals change. Leave that Pokémon out before deciding that the name is taken.
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

    private func fetchPokemon(_ name: String) throws -> Pokemon {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        if let found = try container.viewContext.fetch(request).first { return found }
        throw PokedeskError.noSuchPokemon(name)
    }

    func rename(_ name: String, to newName: String) throws {
        let pokemon = try fetchPokemon(name)
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name ==[c] %@", newName)
        if try container.viewContext.count(for: request) > 0 { throw PokedeskError.nameTaken(newName) }
        pokemon.name = newName
    }

    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try fetchPokemon(name)
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", code)
        guard let race = try container.viewContext.fetch(request).first else { throw PokedeskError.noSuchRace(code) }
        race.addToPokemons(pokemon)
    }

    func saveChanges() throws {
        if container.viewContext.hasChanges { try container.viewContext.save() }
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
