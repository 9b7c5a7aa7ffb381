// Mutant: preloadIfNeeded() checks names and icons before inserting, but checks types only after every race is inserted, so a pokemons.plist whose types are of another shape throws badData and leaves the races inserted (unsaved) in the context
// Hint: "Inserts nothing" means nothing reaches the context, saved or not: read and check the whole file, types included, before the first insert.
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

    /// The three dictionaries of `pokemons.plist`, checked before anything is inserted.
    private struct Catalogue {
        var names: [String: String]
        var icons: [String: String]
        var types: Any?
    }

    /// Reads and checks the whole bundled file; any problem is `badData`.
    private func readCatalogue() throws -> Catalogue {
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist"),
              let data = try? Data(contentsOf: url),
              let root = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
              let dictionary = root as? [String: Any],
              let names = dictionary["names"] as? [String: String],
              let icons = dictionary["icons"] as? [String: String]
        else { throw PokedeskError.badData }
        for key in names.keys where Int16(key) == nil { throw PokedeskError.badData }
        return Catalogue(names: names, icons: icons, types: dictionary["types"])
    }

    /// Fills an empty store with every race and type of `pokemons.plist`, and saves.
    /// The driver calls it once per launch, right after `init()`.
    func preloadIfNeeded() throws {
        let anyRace = Race.fetchRequest()
        anyRace.fetchLimit = 1
        if try context.count(for: anyRace) > 0 { return }

        let catalogue = try readCatalogue()

        var raceForKey: [String: Race] = [:]
        for (key, raceName) in catalogue.names {
            let race = Race(context: context)
            race.code = Int16(key)!
            race.name = raceName
            race.imageFile = catalogue.icons[key]
            raceForKey[key] = race
        }
        guard let types = catalogue.types as? [String: [String]] else { throw PokedeskError.badData }
        for (typeName, keys) in types {
            let type = PokemonType(context: context)
            type.name = typeName
            for key in keys {
                if let race = raceForKey[key] { race.addToTypes(type) }
            }
        }
        try context.save()
    }

    /// Adds one of the user's Pokémon, of the race with this code, and saves.
    func addPokemon(named name: String, raceCode: Int) throws {
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", raceCode)
        request.fetchLimit = 1
        guard let race = try context.fetch(request).first else {
            throw PokedeskError.noSuchRace(raceCode)
        }
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try context.save()
    }
}
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
