// Mutant: the preloaded catalogue is inserted but not saved; it reaches the store only with the user's first change
// Hint: After the first launch with no user action, what does the store file hold?
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
        if try context.count(for: Race.fetchRequest()) == 0 {
            try preload()
        }
    }

    private struct PokedexFile: Decodable {
        let names: [String: String]
        let icons: [String: String]
        let types: [String: [String]]
    }

    private func preload() throws {
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist") else {
            throw PokedeskError.badData
        }
        let file: PokedexFile
        do {
            file = try PropertyListDecoder().decode(PokedexFile.self, from: Data(contentsOf: url))
        } catch {
            throw PokedeskError.badData
        }
        var racesByCode: [String: Race] = [:]
        for (code, name) in file.names {
            let race = Race(context: context)
            race.name = name
            race.code = Int16(code) ?? 0
            race.imageFile = file.icons[code]
            racesByCode[code] = race
        }
        for (typeName, codes) in file.types {
            let type = PokemonType(context: context)
            type.name = typeName
            for code in codes {
                racesByCode[code]?.addToTypes(type)
            }
        }
        // The next change the user makes saves the catalogue with it.
    }

    private func findPokemon(_ name: String) throws -> Pokemon? {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        return try context.fetch(request).first
    }

    private func findRace(_ code: Int) throws -> Race? {
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", code)
        return try context.fetch(request).first
    }

    /// Adds a Pokémon of the race with this code, and saves.
    func addPokemon(named name: String, raceCode: Int) throws {
        if try findPokemon(name) != nil {
            throw PokedeskError.nameTaken(name)
        }
        guard let race = try findRace(raceCode) else {
            throw PokedeskError.noSuchRace(raceCode)
        }
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try context.save()
    }

    /// Gives a Pokémon another name, and saves.
    func rename(_ name: String, to newName: String) throws {
        guard let pokemon = try findPokemon(name) else {
            throw PokedeskError.noSuchPokemon(name)
        }
        if let other = try findPokemon(newName), other != pokemon {
            throw PokedeskError.nameTaken(newName)
        }
        pokemon.name = newName
        try context.save()
    }

    /// Moves a Pokémon to the race with this code, and saves.
    func changeRace(of name: String, toCode code: Int) throws {
        guard let pokemon = try findPokemon(name) else {
            throw PokedeskError.noSuchPokemon(name)
        }
        guard let race = try findRace(code) else {
            throw PokedeskError.noSuchRace(code)
        }
        pokemon.race = race
        try context.save()
    }

    /// Deletes a Pokémon, and saves. Its race stays.
    func deletePokemon(named name: String) throws {
        guard let pokemon = try findPokemon(name) else {
            throw PokedeskError.noSuchPokemon(name)
        }
        context.delete(pokemon)
        try context.save()
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
        guard let race = try findRace(code) else {
            throw PokedeskError.noSuchRace(code)
        }
        return race.pokemons.count
    }

    /// How many races and types the store holds.
    func catalogueSize() throws -> (races: Int, types: Int) {
        let races = try context.count(for: Race.fetchRequest())
        let types = try context.count(for: PokemonType.fetchRequest())
        return (races, types)
    }
}
