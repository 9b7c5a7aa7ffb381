// Mutant: the race lookup behind addPokemon, changeRace and pokemonCount converts the code to the attribute's type with `Int16(truncatingIfNeeded:)` (no trap, unlike `Int16(_:)`), which keeps only the low 16 bits, so a code no race has such as 65561 or -65511 is read as 25: addPokemon adds a Pikachu, changeRace moves to Pikachu and pokemonCount(ofRace: 65561) answers Pikachu's count, each instead of throwing noSuchRace
// Hint: A code is an Int: 65561 is no race's code, even if its low 16 bits are 25's.
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
        try preloadIfEmpty()
    }

    // MARK: The catalogue

    private struct Catalogue: Decodable {
        let names: [String: String]
        let icons: [String: String]
        let types: [String: [String]]
    }

    /// Inserts every race and type of `pokemons.plist`, once in the store's life: only when
    /// the store holds no race, whatever the user has added or deleted since.
    private func preloadIfEmpty() throws {
        guard try context.count(for: Race.fetchRequest()) == 0 else { return }
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist"),
              let data = try? Data(contentsOf: url),
              let catalogue = try? PropertyListDecoder().decode(Catalogue.self, from: data)
        else { throw PokedeskError.badData }

        var raceForKey: [String: Race] = [:]
        for (key, name) in catalogue.names {
            let race = Race(context: context)
            race.name = name
            race.code = Int16(key) ?? 0
            race.imageFile = catalogue.icons[key]
            raceForKey[key] = race
        }
        for (typeName, keys) in catalogue.types {
            let type = PokemonType(context: context)
            type.name = typeName
            for key in keys {
                raceForKey[key]?.addToTypes(type)
            }
        }
        try context.save()
    }

    // MARK: Lookups

    /// The Pokémon with exactly this name (case counts).
    private func pokemon(named name: String) throws -> Pokemon {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        guard let pokemon = try context.fetch(request).first else {
            throw PokedeskError.noSuchPokemon(name)
        }
        return pokemon
    }

    /// The race with this code.
    private func race(code: Int) throws -> Race {
        let request = Race.fetchRequest()
        // `code` is an Int16 in the model: compare with a value of that type.
        request.predicate = GraphPredicate(format: "code == %d", Int(Int16(truncatingIfNeeded: code)))
        request.fetchLimit = 1
        guard let race = try context.fetch(request).first else {
            throw PokedeskError.noSuchRace(code)
        }
        return race
    }

    /// The Pokémon that have exactly this name.
    private func pokemons(named name: String) throws -> [Pokemon] {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        return try context.fetch(request)
    }

    /// Saves when there is something to save; every change calls it before it returns.
    private func saveChanges() throws {
        if context.hasChanges {
            try context.save()
        }
    }

    // MARK: Changes

    /// Adds a Pokémon of the race with this code, and saves.
    func addPokemon(named name: String, raceCode: Int) throws {
        guard try pokemons(named: name).isEmpty else { throw PokedeskError.nameTaken(name) }
        let race = try race(code: raceCode)
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try saveChanges()
    }

    /// Gives a Pokémon another name, and saves.
    func rename(_ name: String, to newName: String) throws {
        let pokemon = try pokemon(named: name)
        // Only another Pokémon with exactly the new name takes it: the same name, or another
        // case of it, is fine unless someone else has that exact text.
        if try pokemons(named: newName).contains(where: { $0 != pokemon }) {
            throw PokedeskError.nameTaken(newName)
        }
        pokemon.name = newName
        try saveChanges()
    }

    /// Moves a Pokémon to the race with this code, and saves.
    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try pokemon(named: name)
        let newRace = try race(code: code)
        pokemon.race = newRace      // the inverse takes it out of the old race's `pokemons`
        try saveChanges()
    }

    /// Deletes a Pokémon, and saves. Its race stays.
    func deletePokemon(named name: String) throws {
        let pokemon = try pokemon(named: name)
        context.delete(pokemon)     // nullify: the race only loses it from its `pokemons`
        try saveChanges()
    }

    // MARK: Reads

    /// The user's Pokémon, sorted by name ignoring case.
    func pokemons() throws -> [PokemonRow] {
        let request = Pokemon.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name", comparison: .caseInsensitive)]
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
        (try context.count(for: Race.fetchRequest()), try context.count(for: PokemonType.fetchRequest()))
    }
}
