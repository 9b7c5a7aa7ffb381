// Mutant: Pokémon are looked up, and names checked for being taken, by fetching every Pokémon and comparing names in Swift (`$0.name == name`), and Swift's String == treats canonically equivalent texts as equal, so "José" written with é and "José" written with e + a combining accent are one name: adding the second throws nameTaken, and deletePokemon(named:), rename and changeRace given one spelling act on the Pokémon stored with the other
// Hint: Swift's own string comparison treats an accent written two ways as one name, which is not how the statement compares names.
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

    /// The catalogue goes in once in the store's life: when the store holds no race at all.
    private func preloadIfEmpty() throws {
        guard try context.count(for: Race.fetchRequest()) == 0 else { return }
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist"),
              let data = try? Data(contentsOf: url),
              let root = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any],
              let names = root["names"] as? [String: String],
              let icons = root["icons"] as? [String: String],
              let types = root["types"] as? [String: [String]]
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

    // MARK: Lookups

    /// The Pokémon whose name is exactly `name` (case counts).
    private func pokemon(named name: String) throws -> Pokemon {
        guard let pokemon = try context.fetch(Pokemon.fetchRequest()).first(where: { $0.name == name }) else {
            throw PokedeskError.noSuchPokemon(name)
        }
        return pokemon
    }

    /// The race with this code.
    private func race(code: Int) throws -> Race {
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", code)
        request.fetchLimit = 1
        guard let race = try context.fetch(request).first else {
            throw PokedeskError.noSuchRace(code)
        }
        return race
    }

    /// Whether a Pokémon other than `except` has exactly this name.
    private func isTaken(_ name: String, except: Pokemon? = nil) throws -> Bool {
        try context.fetch(Pokemon.fetchRequest()).contains { $0.name == name && $0 != except }
    }

    // MARK: Changes, each saved before it returns

    /// Adds a Pokémon of the race with this code, and saves.
    func addPokemon(named name: String, raceCode: Int) throws {
        if try isTaken(name) {
            throw PokedeskError.nameTaken(name)
        }
        let race = try race(code: raceCode)
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try context.save()
    }

    /// Gives a Pokémon another name, and saves.
    func rename(_ name: String, to newName: String) throws {
        let pokemon = try pokemon(named: name)
        if try isTaken(newName, except: pokemon) {
            throw PokedeskError.nameTaken(newName)
        }
        pokemon.name = newName
        try saveIfNeeded()
    }

    /// Moves a Pokémon to the race with this code, and saves.
    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try pokemon(named: name)
        let race = try race(code: code)
        pokemon.race = race
        try saveIfNeeded()
    }

    /// Deletes a Pokémon, and saves. Its race stays.
    func deletePokemon(named name: String) throws {
        let pokemon = try pokemon(named: name)
        context.delete(pokemon)
        try context.save()
    }

    private func saveIfNeeded() throws {
        if context.hasChanges {
            try context.save()
        }
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
