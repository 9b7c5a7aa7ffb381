// Mutant: pokemonCount(ofRace:) answers from a code → count dictionary filled once per launch and updated by addPokemon and deletePokemon, but changeRace never updates it, so after a change of race the Pokémon is still counted in its old race and not in its new one until the next launch
// Hint: A count kept in memory must follow every change, a change of race too; asking the store each time cannot go stale.
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

    private func findPokemon(named name: String) throws -> Pokemon? {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func pokemon(named name: String) throws -> Pokemon {
        guard let pokemon = try findPokemon(named: name) else { throw PokedeskError.noSuchPokemon(name) }
        return pokemon
    }

    private func race(code: Int) throws -> Race {
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", code)
        request.fetchLimit = 1
        guard let race = try context.fetch(request).first else { throw PokedeskError.noSuchRace(code) }
        return race
    }

    /// How many Pokémon each race has, by code: counted once per launch, then kept up to date
    /// by the changes, so that the list's counts need no query.
    private var countsByCode: [Int: Int]?

    private func counts() throws -> [Int: Int] {
        if let countsByCode { return countsByCode }
        var counts: [Int: Int] = [:]
        for pokemon in try context.fetch(Pokemon.fetchRequest()) {
            if let code = pokemon.race?.code { counts[Int(code), default: 0] += 1 }
        }
        countsByCode = counts
        return counts
    }

    /// Adds a Pokémon of the race with this code, and saves.
    func addPokemon(named name: String, raceCode: Int) throws {
        guard try findPokemon(named: name) == nil else { throw PokedeskError.nameTaken(name) }
        let race = try race(code: raceCode)
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try context.save()
        if countsByCode != nil { countsByCode![raceCode, default: 0] += 1 }
    }

    /// Gives a Pokémon another name, and saves.
    func rename(_ name: String, to newName: String) throws {
        let pokemon = try pokemon(named: name)
        if let other = try findPokemon(named: newName), other != pokemon {
            throw PokedeskError.nameTaken(newName)
        }
        pokemon.name = newName
        if context.hasChanges { try context.save() }
    }

    /// Moves a Pokémon to the race with this code, and saves.
    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try pokemon(named: name)
        pokemon.race = try race(code: code)
        if context.hasChanges { try context.save() }
    }

    /// Deletes a Pokémon, and saves. Its race stays.
    func deletePokemon(named name: String) throws {
        let pokemon = try pokemon(named: name)
        let code = pokemon.race.map { Int($0.code) }
        context.delete(pokemon)
        try context.save()
        if let code, countsByCode != nil { countsByCode![code, default: 1] -= 1 }
    }

    /// The user's Pokémon, sorted by name ignoring case.
    func pokemons() throws -> [PokemonRow] {
        let request = Pokemon.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive)]
        return try context.fetch(request).map {
            PokemonRow(name: $0.name ?? "", race: $0.race?.name ?? "", imageFile: $0.race?.imageFile ?? "")
        }
    }

    /// How many of the user's Pokémon are of the race with this code.
    func pokemonCount(ofRace code: Int) throws -> Int {
        _ = try race(code: code)
        return try counts()[code] ?? 0
    }

    /// How many races and types the store holds.
    func catalogueSize() throws -> (races: Int, types: Int) {
        (try context.count(for: Race.fetchRequest()), try context.count(for: PokemonType.fetchRequest()))
    }
}
