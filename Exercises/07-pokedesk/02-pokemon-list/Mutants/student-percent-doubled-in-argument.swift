// Mutant: the taken-name check doubles every % of the name before passing it as the %@ argument (the printf habit for a % inside a format string), but an argument is never read as format, so it looks for "100%%": adding "100%" twice stores two Pokémon named "100%" instead of throwing nameTaken("100%")
// Hint: A value passed as a predicate argument is never read as format, so escaping its % makes the check look for a different name.
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

/// One row of the list: what the Pokémon screen shows.
struct PokemonRow: Equatable {
    var name: String
    var race: String
    var imageFile: String
}

final class Pokedesk {
    let container: PersistentContainer

    /// Opens the store `Library/Application Support/Pokedesk.sqlite` with the model `Pokedesk.yml`.
    init() throws {
        container = PersistentContainer(name: "Pokedesk")
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
    }

    private var context: ManagedObjectContext { container.viewContext }

    /// Adds one of the user's Pokémon, of the race with this code, and saves.
    func addPokemon(named name: String, raceCode: Int) throws {
        let sameName = Pokemon.fetchRequest()
        // A % in a format string must be doubled.
        sameName.predicate = GraphPredicate(format: "name ==[c] %@", name.replacingOccurrences(of: "%", with: "%%"))
        if try context.count(for: sameName) > 0 {
            throw PokedeskError.nameTaken(name)
        }
        let races = Race.fetchRequest()
        races.predicate = GraphPredicate(format: "code == %d", raceCode)
        races.fetchLimit = 1
        guard let race = try context.fetch(races).first else { throw PokedeskError.noSuchRace(raceCode) }
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try context.save()
    }

    /// The user's Pokémon sorted by name, ignoring case, each with its race's name and image.
    func pokemons() throws -> [PokemonRow] {
        let request = Pokemon.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive)]
        return try context.fetch(request).map { pokemon in
            PokemonRow(name: pokemon.name ?? "", race: pokemon.race?.name ?? "", imageFile: pokemon.race?.imageFile ?? "")
        }
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
