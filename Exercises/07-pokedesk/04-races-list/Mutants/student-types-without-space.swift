// Mutant: joins the type names with "," as the original app did, not with ", " as the statement asks
// Hint: The types text must follow the statement's format exactly: the names in alphabetical order, separated by a comma and a space. Check the separator for a race with two types.
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

/// One row of the races list.
struct RaceRow: Equatable {
    var code: Int
    var name: String
    /// The race's image file, for the row's picture.
    var imageFile: String
    /// "0 pokemons", "1 pokemon", "2 pokemons"…: how many of the user's Pokémon are of this race.
    var detail: String
    /// The race's type names in alphabetical order, joined with ", ": "grass, poison".
    var types: String
    /// Whether this is the race of the Pokémon the list was opened for.
    var isCurrent: Bool
}

final class Pokedesk {
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    /// Given: opens the store `Pokedesk` and fills it with the races and types of
    /// `pokemons.plist` the first time, when it has no race yet (exercise 01).
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
            let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as? [String: Any],
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

    /// Given: the race with this code (exercise 02).
    func race(code: Int) throws -> Race {
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", code)
        guard let race = try context.fetch(request).first else { throw PokedeskError.noSuchRace(code) }
        return race
    }

    /// Given: the Pokémon with this name (exercise 02).
    func pokemon(named name: String) throws -> Pokemon {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        guard let pokemon = try context.fetch(request).first else { throw PokedeskError.noSuchPokemon(name) }
        return pokemon
    }

    /// Given: moves a Pokémon to another race and saves (exercise 03).
    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try pokemon(named: name)
        pokemon.race = try race(code: code)
        try context.save()
    }

    func addPokemon(named name: String, raceCode: Int) throws {
        do {
            _ = try pokemon(named: name)
            throw PokedeskError.nameTaken(name)       // found one: the name is taken
        } catch PokedeskError.noSuchPokemon {
            // nobody has this name yet, carry on
        }
        let pokemon = Pokemon(context: context)
        do {
            pokemon.race = try race(code: raceCode)
        } catch {
            context.delete(pokemon)
            throw error
        }
        pokemon.name = name
        try context.save()
    }

    func races(current: String?) throws -> [RaceRow] {
        let editedRace = try current.map { try pokemon(named: $0) }?.race

        let byName = Race.fetchRequest()
        byName.sortDescriptors = [GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive)]

        var rows: [RaceRow] = []
        for race in try context.fetch(byName) {
            let count = race.pokemons.count
            var detail = "\(count) pokemons"
            if count == 1 { detail = "1 pokemon" }

            var types = ""
            for typeName in race.types.compactMap({ $0.name }).sorted() {
                if !types.isEmpty { types += "," }
                types += typeName
            }

            rows.append(RaceRow(code: Int(race.code), name: race.name ?? "", imageFile: race.imageFile ?? "",
                                detail: detail, types: types, isCurrent: race.objectID == editedRace?.objectID))
        }
        return rows
    }
}
