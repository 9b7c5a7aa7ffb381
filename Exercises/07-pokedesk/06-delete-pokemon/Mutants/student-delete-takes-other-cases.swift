// Mutant: deletePokemon finds the Pokémon by its exact name (noSuchPokemon otherwise), but also deletes every other Pokémon whose name is the same ignoring case, taking them for duplicates, so with Sparky and SPARKY both there deleting "Sparky" deletes SPARKY too
// Hint: A Pokémon is known by its exact name: ask yourself which Pokémon a delete may touch when other names differ from it only in capitals.
import Foundation
import ObjectGraph

// MARK: - The model's classes, as `objectgraph-codegen Pokedesk.yml` writes them (the accessors used here)

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

/// The entity `Type` (a Swift class cannot be named `Type`).
final class PokemonType: ManagedObject {
    @Managed var name: String?
    @Managed var races: Set<Race>
}

extension Pokemon {
    class func fetchRequest() -> FetchRequest<Pokemon> { FetchRequest<Pokemon>(entityName: "Pokemon") }
}

extension Race {
    class func fetchRequest() -> FetchRequest<Race> { FetchRequest<Race>(entityName: "Race") }
    func addToTypes(_ value: PokemonType) { mutableSetValue(forKey: "types").add(value) }
}

extension PokemonType {
    class func fetchRequest() -> FetchRequest<PokemonType> { FetchRequest<PokemonType>(entityName: "Type") }
}

// MARK: - The app's data layer

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

/// One row of the user's list of Pokémon.
struct PokemonRow: Equatable {
    var name: String
    var race: String
    var imageFile: String
}

final class Pokedesk {
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    /// Opens the store `Pokedesk` and, when it holds no race yet, fills it with the races and
    /// types of `pokemons.plist`.
    init() throws {
        container = PersistentContainer(name: "Pokedesk")
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
        try preloadIfNoRace()
    }

    // MARK: The catalogue

    private struct Catalogue: Decodable {
        let names: [String: String]
        let icons: [String: String]
        let types: [String: [String]]
    }

    /// Inserts every race and type of `pokemons.plist` when the store holds no race, once in
    /// the store's life: the user's Pokémon never decide it.
    private func preloadIfNoRace() throws {
        guard try context.count(for: Race.fetchRequest()) == 0 else { return }
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist"),
              let data = try? Data(contentsOf: url),
              let catalogue = try? PropertyListDecoder().decode(Catalogue.self, from: data)
        else { throw PokedeskError.badData }

        var raceByKey: [String: Race] = [:]
        for (key, name) in catalogue.names {
            let race = Race(context: context)
            race.name = name
            race.code = Int16(key) ?? 0
            race.imageFile = catalogue.icons[key]
            raceByKey[key] = race
        }
        for (typeName, keys) in catalogue.types {
            let type = PokemonType(context: context)
            type.name = typeName
            for key in keys {
                raceByKey[key]?.addToTypes(type)
            }
        }
        try context.save()
    }

    // MARK: Lookups

    /// The race with this code; `noSuchRace` when there is none.
    private func race(code: Int) throws -> Race {
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", code)
        request.fetchLimit = 1
        guard let race = try context.fetch(request).first else { throw PokedeskError.noSuchRace(code) }
        return race
    }

    /// The Pokémon whose name is exactly `name`, compared by the predicate's `==` (character code
    /// by character code, case counts), or nil.
    private func existingPokemon(named name: String) throws -> Pokemon? {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func pokemon(named name: String) throws -> Pokemon {
        guard let pokemon = try existingPokemon(named: name) else { throw PokedeskError.noSuchPokemon(name) }
        return pokemon
    }

    /// Every change is written before the call returns.
    private func save() throws {
        if context.hasChanges {
            try context.save()
        }
    }

    // MARK: Changes

    /// Adds a Pokémon of the race with this code, and saves.
    func addPokemon(named name: String, raceCode: Int) throws {
        if try existingPokemon(named: name) != nil { throw PokedeskError.nameTaken(name) }
        let race = try race(code: raceCode)
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try save()
    }

    /// Gives a Pokémon another name, and saves.
    func rename(_ name: String, to newName: String) throws {
        let pokemon = try pokemon(named: name)
        if let holder = try existingPokemon(named: newName), holder != pokemon {
            throw PokedeskError.nameTaken(newName)
        }
        pokemon.name = newName
        try save()
    }

    /// Moves a Pokémon to the race with this code, and saves.
    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try pokemon(named: name)
        pokemon.race = try race(code: code)
        try save()
    }

    /// Deletes a Pokémon, and saves. Its race stays.
    func deletePokemon(named name: String) throws {
        let pokemon = try pokemon(named: name)
        // The same name in other capitals is a duplicate of the swiped Pokémon: it goes too.
        let duplicates = Pokemon.fetchRequest()
        duplicates.predicate = GraphPredicate(format: "name ==[c] %@", name)
        for other in try context.fetch(duplicates) where other != pokemon {
            context.delete(other)
        }
        context.delete(pokemon)
        try save()
    }

    // MARK: Questions

    /// The user's Pokémon, sorted by name ignoring case.
    func pokemons() throws -> [PokemonRow] {
        let request = Pokemon.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name", comparison: .caseInsensitive)]
        return try context.fetch(request).map {
            PokemonRow(name: $0.name ?? "", race: $0.race?.name ?? "", imageFile: $0.race?.imageFile ?? "")
        }
    }

    /// How many of the user's Pokémon are of the race with this code.
    func pokemonCount(ofRace code: Int) throws -> Int {
        try race(code: code).pokemons.count
    }

    /// How many races and types the store holds.
    func catalogueSize() throws -> (races: Int, types: Int) {
        (races: try context.count(for: Race.fetchRequest()),
         types: try context.count(for: PokemonType.fetchRequest()))
    }
}
