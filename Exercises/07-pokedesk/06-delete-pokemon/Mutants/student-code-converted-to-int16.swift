// Mutant: the race lookup behind addPokemon, changeRace and pokemonCount converts the code to the attribute's type with `Int16(code)`, which stops the app with an overflow trap for a code outside Int16's range (40000, -40000, 100000) instead of throwing noSuchRace(code)
// Hint: A code is an Int: converting it with Int16(code) traps on 40000; one no race has is noSuchRace.
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

    private func preloadIfEmpty() throws {
        guard try context.count(for: Race.fetchRequest()) == 0 else { return }
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist"),
              let data = try? Data(contentsOf: url),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let names = plist["names"] as? [String: String],
              let icons = plist["icons"] as? [String: String],
              let types = plist["types"] as? [String: [String]]
        else { throw PokedeskError.badData }
        var races: [String: Race] = [:]
        for (code, name) in names {
            let race = Race(context: context)
            race.name = name
            race.code = Int16(code) ?? 0
            race.imageFile = icons[code]
            races[code] = race
        }
        for (typeName, codes) in types {
            let type = PokemonType(context: context)
            type.name = typeName
            for code in codes { races[code]?.addToTypes(type) }
        }
        try context.save()
    }

    private func race(code: Int) throws -> Race {
        // `code` is an Int16 attribute: compare it with a value of its own type.
        let raceCode = Int16(code)
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", raceCode)
        request.fetchLimit = 1
        guard let race = try context.fetch(request).first else { throw PokedeskError.noSuchRace(code) }
        return race
    }

    private func pokemon(named name: String) throws -> Pokemon {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        guard let pokemon = try context.fetch(request).first else { throw PokedeskError.noSuchPokemon(name) }
        return pokemon
    }

    private func isTaken(_ name: String) throws -> Bool {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        return try context.count(for: request) > 0
    }

    private func saveChanges() throws {
        if context.hasChanges {
            try context.save()
        }
    }

    /// Adds a Pokémon of the race with this code, and saves.
    func addPokemon(named name: String, raceCode: Int) throws {
        guard try !isTaken(name) else { throw PokedeskError.nameTaken(name) }
        let race = try race(code: raceCode)
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try saveChanges()
    }

    /// Gives a Pokémon another name, and saves.
    func rename(_ name: String, to newName: String) throws {
        let pokemon = try pokemon(named: name)
        guard newName != name else { return }
        guard try !isTaken(newName) else { throw PokedeskError.nameTaken(newName) }
        pokemon.name = newName
        try saveChanges()
    }

    /// Moves a Pokémon to the race with this code, and saves.
    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try pokemon(named: name)
        let race = try race(code: code)
        pokemon.race = race
        try saveChanges()
    }

    /// Deletes a Pokémon, and saves. Its race stays.
    func deletePokemon(named name: String) throws {
        context.delete(try pokemon(named: name))
        try saveChanges()
    }

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
        (try context.count(for: Race.fetchRequest()), try context.count(for: PokemonType.fetchRequest()))
    }
}
