import Foundation
import ObjectGraph

enum PokedeskError: Error, Equatable {
    case noSuchPokemon(String)
    case nameTaken(String)
    case unknownRace(Int)
}

/// The edit screen of one of the user's Pokémon: changes wait in the context until
/// `saveChanges()`, and `discardChanges()` forgets them.
final class PokemonEditor {
    let container: PersistentContainer
    private var context: ManagedObjectContext { container.viewContext }

    /// Opens the store `Library/Application Support/Pokedesk.sqlite` with the model `Pokedesk.yml`.
    init() {
        container = PersistentContainer(name: "Pokedesk")
        container.loadPersistentStores { _, error in
            if let error { fatalError("Could not open the store: \(error)") }
        }
    }

    /// Gives the Pokémon named exactly `name` a new name, without saving.
    func rename(_ name: String, to newName: String) throws {
        // TODO: find the Pokémon (PokedeskError.noSuchPokemon(name) when none); throw
        // PokedeskError.nameTaken(newName) when another Pokémon has newName, ignoring case.
    }

    /// Moves the Pokémon named exactly `name` to the race with this code, without saving.
    func changeRace(of name: String, to raceCode: Int) throws {
        // TODO: find the Pokémon and the race (PokedeskError.unknownRace(raceCode) when none).
    }

    /// Writes every pending change to the store.
    func saveChanges() throws {
        // TODO
    }

    /// Forgets every change made since the last save.
    func discardChanges() {
        // TODO
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
