// Mutant: remembers the last Pokémon looked up by name and returns it when the same name is asked again, so after a rename or a discard the old name still finds it
// Hint: A name can stop belonging to a Pokémon between two edits; look the name up afresh each time.
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

    /// Gives the Pokémon named exactly `name` a new name, without saving.
    func rename(_ name: String, to newName: String) throws {
        let pokemon = try pokemon(named: name)
        let sameName = Pokemon.fetchRequest()
        sameName.predicate = GraphPredicate(format: "name ==[c] %@", newName)
        if try context.fetch(sameName).contains(where: { $0 !== pokemon }) {
            throw PokedeskError.nameTaken(newName)
        }
        pokemon.name = newName
    }

    /// Moves the Pokémon named exactly `name` to the race with this code, without saving.
    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try pokemon(named: name)
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", code)
        guard let race = try context.fetch(request).first else { throw PokedeskError.noSuchRace(code) }
        pokemon.race = race
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

    private var lastFound: (name: String, pokemon: Pokemon)?
    private func pokemon(named name: String) throws -> Pokemon {
        if let lastFound, lastFound.name == name { return lastFound.pokemon }
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        guard let pokemon = try context.fetch(request).first else { throw PokedeskError.noSuchPokemon(name) }
        lastFound = (name, pokemon)
        return pokemon
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
