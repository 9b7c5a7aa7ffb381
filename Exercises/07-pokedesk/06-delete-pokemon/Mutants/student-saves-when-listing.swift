// Mutant: saves a deletion or a change of race only when the list is next shown, as an app that saves when its list screen appears; a kill before the next listing loses the change
// Hint: Each change must be saved before its call returns: the app can be killed at any moment, and a change waiting for the next screen to save it is lost. Check every method that changes something, deleting and changing a race included.
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
    let container = PersistentContainer(name: "Pokedesk")
    var context: ManagedObjectContext { container.viewContext }

    init() throws {
        var failure: Error?
        container.loadPersistentStores { _, error in failure = error }
        if let failure { throw failure }
        if try context.count(for: Race.fetchRequest()) == 0 {
            try loadCatalogue()
            try context.save()
        }
    }

    private func loadCatalogue() throws {
        let url = Bundle.main.url(forResource: "pokemons", withExtension: "plist")!
        let dict = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as! [String: Any]
        let names = dict["names"] as! [String: String]
        let icons = dict["icons"] as! [String: String]
        var byCode: [String: Race] = [:]
        for code in names.keys {
            let race = Race(context: context)
            race.code = Int16(code)!
            race.name = names[code]
            race.imageFile = icons[code]
            byCode[code] = race
        }
        for (name, codes) in dict["types"] as! [String: [String]] {
            let type = PokemonType(context: context)
            type.name = name
            for code in codes { byCode[code]!.addToTypes(type) }
        }
    }

    private func find(_ name: String) throws -> Pokemon {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        guard let pokemon = try context.fetch(request).first else { throw PokedeskError.noSuchPokemon(name) }
        return pokemon
    }

    private func isTaken(_ name: String) throws -> Bool {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        return try context.count(for: request) > 0
    }

    func addPokemon(named name: String, raceCode: Int) throws {
        if try isTaken(name) { throw PokedeskError.nameTaken(name) }
        let race = try raceWith(raceCode)
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try context.save()
    }

    func rename(_ name: String, to newName: String) throws {
        let pokemon = try find(name)
        if newName != name, try isTaken(newName) { throw PokedeskError.nameTaken(newName) }
        pokemon.name = newName
        try context.save()
    }

    func deletePokemon(named name: String) throws {
        context.delete(try find(name))
    }

    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try find(name)
        pokemon.race = try raceWith(code)
    }

    func pokemons() throws -> [PokemonRow] {
        if context.hasChanges { try context.save() }
        let request = Pokemon.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name", comparison: .caseInsensitive)]
        return try context.fetch(request).map { PokemonRow(name: $0.name!, race: $0.race!.name!, imageFile: $0.race!.imageFile!) }
    }

    func pokemonCount(ofRace code: Int) throws -> Int {
        try raceWith(code).pokemons.count
    }

    func catalogueSize() throws -> (races: Int, types: Int) {
        (try context.count(for: Race.fetchRequest()), try context.count(for: PokemonType.fetchRequest()))
    }

    private func raceWith(_ code: Int) throws -> Race {
        let request = Race.fetchRequest()
        request.predicate = GraphPredicate(format: "code == %d", code)
        guard let race = try context.fetch(request).first else { throw PokedeskError.noSuchRace(code) }
        return race
    }
}
