// Mutant: rename checks the new name against the Pokémon the context has registered (`context.registeredObjects`) instead of fetching, taking them for all of the user's Pokémon; at a new launch the context holds only the Pokémon fetched so far, so right after a relaunch or a kill, renaming Volt to "ZAPPY" (only Volt was looked up) is accepted while Zappy is in the store
// Hint: Ask the store whether a name is taken: at a new launch the context has registered only what was fetched so far.
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

/// The data layer behind the edit screen of one of the user's Pokémon: changes wait in the
/// context until `saveChanges()`, and `discardChanges()` forgets them.
final class Pokedesk {
    let container: PersistentContainer
    private var context: ManagedObjectContext { container.viewContext }

    /// Opens the store `Library/Application Support/Pokedesk.sqlite` with the model `Pokedesk.yml`.
    init() throws {
        container = PersistentContainer(name: "Pokedesk")
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
    }

    /// The Pokémon named exactly `name`. The fetch includes unsaved changes, so a Pokémon
    /// renamed but not saved is found by its new name and no longer by its old one.
    private func pokemon(named name: String) throws -> Pokemon {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        guard let pokemon = try context.fetch(request).first else { throw PokedeskError.noSuchPokemon(name) }
        return pokemon
    }

    /// The race whose code is `code`.
    private func race(code: Int) throws -> Race {
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", code)
        guard let race = try context.fetch(request).first else { throw PokedeskError.noSuchRace(code) }
        return race
    }

    /// Gives the Pokémon named exactly `name` a new name, without saving.
    func rename(_ name: String, to newName: String) throws {
        let pokemon = try pokemon(named: name)
        // The context already holds the Pokémon with their unsaved names: look among them,
        // without another trip to the store.
        let others = context.registeredObjects.compactMap { $0 as? Pokemon }.filter { $0 != pokemon && !$0.isDeleted }
        if others.contains(where: { ($0.name ?? "").caseInsensitiveCompare(newName) == .orderedSame }) {
            throw PokedeskError.nameTaken(newName)
        }
        pokemon.name = newName
    }

    /// Moves the Pokémon named exactly `name` to the race with this code, without saving.
    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try pokemon(named: name)
        let race = try race(code: code)
        pokemon.race = race        // the inverse: the old race loses it, the new one gains it
    }

    /// Writes every pending change to the store.
    func saveChanges() throws {
        if context.hasChanges {
            try context.save()
        }
    }

    /// Forgets every change made since the last save.
    func discardChanges() {
        context.rollback()
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
