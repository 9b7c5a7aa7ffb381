// Mutant: addPokemon converts the code to the attribute's type with `Int16(truncatingIfNeeded:)` before the lookup (no trap, unlike `Int16(_:)`), which keeps only the low 16 bits, so a huge or negative code that is no race's, such as 65561 or -65511, is read as 25 and adds a Pikachu instead of throwing noSuchRace(65561)
// Hint: A code is an Int: 65561 is no race's code, even if its low 16 bits are 25's.
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
        // The name first: `==[c]` compares the whole text ignoring case, with no wildcard, and
        // the name goes in as an argument, so quotes, `%`, `*` and `?` are plain characters.
        let sameName = Pokemon.fetchRequest()
        sameName.predicate = GraphPredicate(format: "name ==[c] %@", name)
        if try context.count(for: sameName) > 0 {
            throw PokedeskError.nameTaken(name)
        }

        let raceRequest = Race.fetchRequest()
        // `code` is an Int16 in the model: compare with a value of that type.
        raceRequest.predicate = GraphPredicate(format: "code == %d", Int(Int16(truncatingIfNeeded: raceCode)))
        raceRequest.fetchLimit = 1
        guard let race = try context.fetch(raceRequest).first else {
            throw PokedeskError.noSuchRace(raceCode)
        }

        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try context.save()
    }

    /// The user's Pokémon sorted by name, ignoring case, each with its race's name and image.
    func pokemons() throws -> [PokemonRow] {
        let request = Pokemon.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name", comparison: .caseInsensitive)]
        return try context.fetch(request).map { pokemon in
            PokemonRow(name: pokemon.name ?? "",
                       race: pokemon.race?.name ?? "",
                       imageFile: pokemon.race?.imageFile ?? "")
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
