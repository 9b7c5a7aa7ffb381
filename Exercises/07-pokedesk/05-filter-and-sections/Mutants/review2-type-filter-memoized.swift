// Mutant: pokemons(ofType:) keeps the answer for each type text it was asked and returns it again, so a Pokémon added, renamed or deleted later in the launch is missing from a type asked before
// Hint: The user's Pokémon change during a launch; fetch each time the filter is asked.
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

/// One section of the list: a race's name and its Pokémon's names.
struct RaceSection: Equatable {
    var race: String
    var pokemons: [String]
}

/// The app's data layer, and the delegate of the list screen's fetched results controller: it
/// records what the controller reports, in the words of the statement's table.
final class Pokedesk: FetchedResultsControllerDelegate {
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }
    /// The list screen's controller, made by `openList()` and kept for the whole launch.
    private(set) var list: FetchedResultsController<Pokemon>?
    private var events: [String] = []

    /// Given: opens the store `Pokedesk` and fills it with the races and types of
    /// `pokemons.plist` the first time, when it has no race yet (exercise 01).
    init() throws {
        container = PersistentContainer(name: "Pokedesk")
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
        try preloadIfEmpty()
        try openList()
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

    /// Given: adds a Pokémon of the race with this code and saves it (exercise 02).
    func addPokemon(named name: String, raceCode: Int) throws {
        let taken = Pokemon.fetchRequest()
        taken.predicate = GraphPredicate(format: "name == %@", name)
        guard try context.count(for: taken) == 0 else { throw PokedeskError.nameTaken(name) }
        let races = Race.fetchRequest()
        races.predicate = GraphPredicate(format: "code == %d", raceCode)
        guard let race = try context.fetch(races).first else { throw PokedeskError.noSuchRace(raceCode) }
        let pokemon = Pokemon(context: context)
        pokemon.name = name
        pokemon.race = race
        try context.save()
    }

    /// Given: the Pokémon with exactly this name (exercise 06).
    private func existingPokemon(named name: String) throws -> Pokemon {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        guard let pokemon = try context.fetch(request).first else { throw PokedeskError.noSuchPokemon(name) }
        return pokemon
    }

    /// Given: gives a Pokémon another name and saves (exercise 06).
    func rename(_ name: String, to newName: String) throws {
        let pokemon = try existingPokemon(named: name)
        let taken = Pokemon.fetchRequest()
        taken.predicate = GraphPredicate(format: "name == %@", newName)
        if newName != name, try context.count(for: taken) > 0 { throw PokedeskError.nameTaken(newName) }
        pokemon.name = newName
        try context.save()
    }

    /// Given: moves a Pokémon to the race with this code and saves (exercise 06).
    func changeRace(of name: String, toCode code: Int) throws {
        let pokemon = try existingPokemon(named: name)
        let races = Race.fetchRequest()
        races.predicate = GraphPredicate(format: "code == %d", code)
        guard let race = try context.fetch(races).first else { throw PokedeskError.noSuchRace(code) }
        pokemon.race = race
        try context.save()
    }

    /// Given: deletes a Pokémon and saves (exercise 06).
    func deletePokemon(named name: String) throws {
        context.delete(try existingPokemon(named: name))
        try context.save()
    }

    /// The user's Pokémon sorted by name ignoring case, the only order of this screen.
    private func sortedByName() -> [GraphSortDescriptor] {
        [GraphSortDescriptor(key: "name", comparison: .caseInsensitive)]
    }

    /// The names of the user's Pokémon whose race has a type of this name (ignoring case),
    /// sorted by name ignoring case.
    private var byType: [String: [String]] = [:]
    func pokemons(ofType type: String) throws -> [String] {
        if let known = byType[type] { return known }
        byType[type] = try fetchOfType(type)
        return byType[type]!
    }
    private func fetchOfType(_ type: String) throws -> [String] {
        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "ANY race.types.name ==[c] %@", type)
        request.sortDescriptors = sortedByName()
        return try context.fetch(request).compactMap(\.name)
    }

    /// The same, narrowed to the race of this name (ignoring case).
    func pokemons(ofType type: String, race: String) throws -> [String] {
        let request = Pokemon.fetchRequest()
        request.predicate = CompoundPredicate(andPredicateWithSubpredicates: [
            GraphPredicate(format: "ANY race.types.name ==[c] %@", type),
            GraphPredicate(format: "race.name ==[c] %@", race),
        ])
        request.sortDescriptors = sortedByName()
        return try context.fetch(request).compactMap(\.name)
    }

    /// Opens the list screen: a fetched results controller for every Pokémon of the user in one
    /// section per race, sections sorted by race name and Pokémon by name, both ignoring case,
    /// with this object as its delegate. The controller is kept, so it follows every save.
    func openList() throws {
        let request = Pokemon.fetchRequest()
        // The section key comes first, as a fetched results controller needs.
        request.sortDescriptors = [GraphSortDescriptor(key: "race.name", comparison: .caseInsensitive)] + sortedByName()
        let controller = FetchedResultsController(fetchRequest: request, managedObjectContext: context,
                                                  sectionNameKeyPath: "race.name", cacheName: nil)
        controller.delegate = self
        try controller.performFetch()
        list = controller
    }

    /// The list's sections, as the table view shows them now.
    func sectionsByRace() throws -> [RaceSection] {
        (list?.sections ?? []).map { section in
            RaceSection(race: section.name, pokemons: (section.objects ?? []).compactMap { ($0 as? Pokemon)?.name })
        }
    }

    /// What the list's controller reported since the last call, oldest first.
    func takeEvents() -> [String] {
        defer { events = [] }
        return events
    }

    // MARK: FetchedResultsControllerDelegate

    private static func text(_ path: IndexPath?) -> String {
        guard let path else { return "nil" }
        return "\(path.section).\(path.item)"
    }

    func controllerWillChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        events.append("will")
    }

    func controller(
        _ controller: FetchedResultsController<FetchRequestResult>, didChange sectionInfo: FetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType
    ) {
        events.append("section \(type) \(sectionIndex) \(sectionInfo.name)")
    }

    func controller(
        _ controller: FetchedResultsController<FetchRequestResult>, didChange anObject: Any, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        switch type {
        case .insert: events.append("insert \(Self.text(newIndexPath))")
        case .delete: events.append("delete \(Self.text(indexPath))")
        case .update: events.append("update \(Self.text(indexPath))")
        case .move: events.append("move \(Self.text(indexPath)) -> \(Self.text(newIndexPath))")
        }
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) {
        events.append("did")
    }
}
