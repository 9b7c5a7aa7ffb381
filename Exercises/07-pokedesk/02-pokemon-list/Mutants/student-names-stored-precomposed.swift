// Mutant: addPokemon stores the name in its precomposed form (precomposedStringWithCanonicalMapping), so that an accent typed as a separate combining mark is stored one way; a name such as "Émile" typed E + U+0301 is then saved in ZPOKEMON and listed with a single É, not as it was given (and it sorts after "zed" instead of next to "Emma")
// Hint: A name is any text and is kept verbatim: check whether your code rewrites how an accent was typed before it stores the name.
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
    private var context: ManagedObjectContext { container.viewContext }

    /// Opens the store `Library/Application Support/Pokedesk.sqlite` with the model `Pokedesk.yml`.
    init() throws {
        container = PersistentContainer(name: "Pokedesk")
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
    }

    /// Whether one of the user's Pokémon already has this name, ignoring case. The name is a
    /// predicate argument, so quotes, `%`, `*` and `?` are plain characters.
    private func isTaken(_ name: String) throws -> Bool {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name ==[c] %@", name)
        return try context.count(for: request) > 0
    }

    private func race(code: Int) throws -> Race? {
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", code)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    /// Adds one of the user's Pokémon, of the race with this code, and saves.
    func addPokemon(named name: String, raceCode: Int) throws {
        if try isTaken(name) {
            throw PokedeskError.nameTaken(name)
        }
        guard let race = try race(code: raceCode) else {
            throw PokedeskError.noSuchRace(raceCode)
        }
        let pokemon = Pokemon(context: context)
        // One spelling per name: an accent typed as a separate mark is stored precomposed.
        pokemon.name = name.precomposedStringWithCanonicalMapping
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
