// Mutant: pastes the name into the predicate's format with string interpolation ('\(name)'), which reads fine for "Sparky" and stops the app on "Farfetch'd", whose quote ends the string early
// Hint: A name pasted into the format string becomes part of the predicate's syntax, so a quote in the name ends the string early and the app stops. Pass the name to the predicate as an argument.
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

struct PokemonRow: Equatable {
    var name: String
    var race: String
    var imageFile: String
}

final class Pokedesk {
    let container: PersistentContainer

    init() throws {
        container = PersistentContainer(name: "Pokedesk")
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
    }

    func addPokemon(named name: String, raceCode: Int) throws {
        let context = container.viewContext
        let sameName = Pokemon.fetchRequest()
        sameName.predicate = GraphPredicate(format: "name ==[c] '\(name)'")
        if try context.count(for: sameName) > 0 { throw PokedeskError.nameTaken(name) }

        let byCode = Race.fetchRequest()
        byCode.predicate = GraphPredicate(format: "code == \(raceCode)")
        guard let race = try context.fetch(byCode).first else { throw PokedeskError.noSuchRace(raceCode) }
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try context.save()
    }

    func pokemons() throws -> [PokemonRow] {
        let request = Pokemon.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name", ascending: true, comparison: .caseInsensitive)]
        var rows: [PokemonRow] = []
        for pokemon in try container.viewContext.fetch(request) {
            rows.append(PokemonRow(name: pokemon.name ?? "", race: pokemon.race?.name ?? "", imageFile: pokemon.race?.imageFile ?? ""))
        }
        return rows
    }
}

// The model's classes, as `objectgraph-codegen Pokedesk.yml` writes them (given: do not change).

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
