// Mutant: rename saves only when the new name differs from the old one ignoring case, taking a change of capitals for a cosmetic edit that can wait for the next save, so renaming Sparky to SPARKY changes the name in the context (the list and lookups of the same launch show SPARKY) but a kill or a relaunch right after brings Sparky back, unless a later change saved it by chance
// Hint: A rename that only changes capitals is a change like any other, and must reach the store before rename returns.
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
        try preloadCatalogueIfEmpty()
    }

    // MARK: The catalogue

    /// Inserts every race and type of `pokemons.plist`, once in the store's life: only while
    /// the store holds no race (whatever the user's Pokémon).
    private func preloadCatalogueIfEmpty() throws {
        guard try context.count(for: Race.fetchRequest()) == 0 else { return }
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist"),
              let data = try? Data(contentsOf: url),
              let root = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
              let plist = root as? [String: Any],
              let names = plist["names"] as? [String: String],
              let icons = plist["icons"] as? [String: String],
              let types = plist["types"] as? [String: [String]]
        else {
            throw PokedeskError.badData
        }
        var racesByKey: [String: Race] = [:]
        for (key, name) in names {
            let race = Race(context: context)
            race.name = name
            race.code = Int16(key) ?? 0
            race.imageFile = icons[key]
            racesByKey[key] = race
        }
        for (typeName, keys) in types {
            let type = PokemonType(context: context)
            type.name = typeName
            for key in keys {
                racesByKey[key]?.addToTypes(type)
            }
        }
        try context.save()
    }

    // MARK: Look-ups

    /// The Pokémon with exactly this name (case counts), or `noSuchPokemon`.
    private func pokemon(named name: String) throws -> Pokemon {
        guard let pokemon = try findPokemon(named: name) else {
            throw PokedeskError.noSuchPokemon(name)
        }
        return pokemon
    }

    private func findPokemon(named name: String) throws -> Pokemon? {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    /// The race with this code, or `noSuchRace`.
    private func race(code: Int) throws -> Race {
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", code)
        request.fetchLimit = 1
        guard let race = try context.fetch(request).first else {
            throw PokedeskError.noSuchRace(code)
        }
        return race
    }

    private func saveChanges() throws {
        if context.hasChanges {
            try context.save()
        }
    }

    // MARK: Changes (each one saves)

    /// Adds a Pokémon of the race with this code, and saves.
    func addPokemon(named name: String, raceCode: Int) throws {
        if try findPokemon(named: name) != nil {
            throw PokedeskError.nameTaken(name)
        }
        let race = try race(code: raceCode)
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try saveChanges()
    }

    /// Gives a Pokémon another name, and saves.
    func rename(_ name: String, to newName: String) throws {
        let pokemon = try pokemon(named: name)
        if let other = try findPokemon(named: newName), other != pokemon {
            throw PokedeskError.nameTaken(newName)
        }
        let onlyCapitals = pokemon.name?.lowercased() == newName.lowercased()
        pokemon.name = newName
        if !onlyCapitals {
            try saveChanges()
        }
    }

    /// Moves a Pokémon to the race with this code, and saves.
    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try pokemon(named: name)
        let race = try race(code: code)
        pokemon.race = race
        try saveChanges()
    }

    /// Deletes a Pokémon, and saves. Its race stays (nullify): it only loses the Pokémon.
    func deletePokemon(named name: String) throws {
        let pokemon = try pokemon(named: name)
        context.delete(pokemon)
        try saveChanges()
    }

    // MARK: Reading

    /// The user's Pokémon, sorted by name ignoring case.
    func pokemons() throws -> [PokemonRow] {
        let request = Pokemon.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive)]
        return try context.fetch(request).map { pokemon in
            PokemonRow(name: pokemon.name ?? "",
                       race: pokemon.race?.name ?? "",
                       imageFile: pokemon.race?.imageFile ?? "")
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
