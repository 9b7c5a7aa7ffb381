// Mutant: saves after every edit so nothing can be lost, and implements Cancel with rollback(), believing it undoes the last edits; rollback() only forgets unsaved changes, so a discarded rename stays
// Hint: Saving after every edit leaves Cancel nothing to forget: `rollback()` undoes only changes that are not saved yet. Keep the edits in the context until the user asks to save.
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
    var context: ManagedObjectContext { container.viewContext }

    init() throws {
        container = PersistentContainer(name: "Pokedesk")
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
    }

    func rename(_ name: String, to newName: String) throws {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        guard let pokemon = try context.fetch(request).first else { throw PokedeskError.noSuchPokemon(name) }
        let others = Pokemon.fetchRequest()
        others.predicate = GraphPredicate(format: "name ==[c] %@", newName)
        let clash = try context.fetch(others).filter { $0 !== pokemon }
        guard clash.isEmpty else { throw PokedeskError.nameTaken(newName) }
        pokemon.name = newName
        try context.save()
    }

    func changeRace(of name: String, toCode code: Int) throws {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        guard let pokemon = try context.fetch(request).first else { throw PokedeskError.noSuchPokemon(name) }
        let races = Race.fetchRequest()
        races.predicate = GraphPredicate(format: "code == %d", code)
        guard let race = try context.fetch(races).first else { throw PokedeskError.noSuchRace(code) }
        pokemon.race = race
        try context.save()
    }

    func saveChanges() throws {
        try context.save()
    }

    func discardChanges() {
        context.rollback()
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
