// Mutant: the preload walks `names` and `icons` side by side with zip, taking the two dictionaries (which have the same keys) to list them in the same order, but each Dictionary has its own order, so races get the picture of another race (Bulbasaur with "dragonair.png" or "abra.png", varying from run to run) instead of the entry of their own code
// Hint: A race's picture is the entry of icons under that race's own code; two dictionaries with the same keys need not list them in the same order.
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

    /// The shape of `pokemons.plist`: three dictionaries keyed by text.
    private struct Catalogue: Decodable {
        /// Race code ("025") → race name.
        let names: [String: String]
        /// Race code → picture file.
        let icons: [String: String]
        /// Type name → the codes of its races.
        let types: [String: [String]]
    }

    /// Reads and checks the whole of `pokemons.plist`, before anything is inserted.
    private func readCatalogue() throws -> Catalogue {
        guard let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist"),
              let data = try? Data(contentsOf: url),
              let catalogue = try? PropertyListDecoder().decode(Catalogue.self, from: data)
        else {
            throw PokedeskError.badData
        }
        return catalogue
    }

    /// Fills an empty store with every race and type of `pokemons.plist`, and saves.
    /// The driver calls it once per launch, right after `init()`.
    func preloadIfNeeded() throws {
        // The store itself says whether the catalogue is there: any race at all means it is.
        guard try context.count(for: Race.fetchRequest()) == 0 else { return }
        let catalogue = try readCatalogue()

        var races: [String: Race] = [:]
        // `names` and `icons` have the same keys: walk them side by side.
        for ((code, name), (_, icon)) in zip(catalogue.names, catalogue.icons) {
            let race = Race(context: context)
            race.name = name
            race.code = Int16(code) ?? 0
            race.imageFile = icon
            races[code] = race
        }
        for (typeName, codes) in catalogue.types {
            let type = PokemonType(context: context)
            type.name = typeName
            for code in codes {
                if let race = races[code] {
                    race.addToTypes(type)
                }
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
