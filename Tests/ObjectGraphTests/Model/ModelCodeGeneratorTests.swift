import Foundation
import XCTest
@testable import ObjectGraph

/// The classes objectgraph-codegen writes: kept in `Generated/` for the Pokedesk model, compiled
/// into these tests, and used as Core Data code uses Xcode's.
final class ModelCodeGeneratorTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")
    private let generated = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Generated")

    /// The files in `Generated/` are exactly what the generator writes today (regenerate with
    /// `swift run objectgraph-codegen Tests/ObjectGraphTests/Fixtures/Pokedesk.yml --output Tests/ObjectGraphTests/Generated`).
    func testTheGeneratedFilesAreUpToDate() throws {
        let model = try ManagedObjectModel(contentsOf: fixtures.appendingPathComponent("Pokedesk.yml"))
        let files = ModelCodeGenerator.files(for: model, source: "Pokedesk.yml")
        XCTAssertEqual(files.map(\.name), ["Pokemon+ObjectGraph.swift", "Race+ObjectGraph.swift", "PokemonType+ObjectGraph.swift"])
        for file in files {
            let kept = try String(contentsOf: generated.appendingPathComponent(file.name), encoding: .utf8)
            XCTAssertEqual(file.text, kept, "\(file.name) is out of date")
        }
        let race = try XCTUnwrap(files.first { $0.name == "Race+ObjectGraph.swift" }?.text)
        for line in ["@Managed public var code: Int16", "@Managed public var imageFile: String?",
                     "@Managed public var pokemons: Set<Pokemon>", "@Managed public var types: Set<PokemonType>",
                     "public func addToTypes(_ value: PokemonType) {", "public func removeFromPokemons(_ values: Set<Pokemon>) {"] {
            XCTAssertTrue(race.contains(line), line)
        }
    }

    func testEveryAttributeTypeGetsXcodesSwiftType() {
        let types: [(AttributeType, String)] = [
            (.integer16, "Int16"), (.integer32, "Int32"), (.integer64, "Int64"), (.double, "Double"), (.boolean, "Bool"),
            (.string, "String?"), (.date, "Date?"), (.binaryData, "Data?"), (.transformable(name: "TagList"), "TagList?"),
        ]
        for (type, swift) in types {
            XCTAssertEqual(ModelCodeGenerator.swiftType(of: AttributeDescription(name: "a", type: type)), swift)
        }
        let entity = EntityDescription(name: "Thing", properties: [AttributeDescription(name: "default", type: .string)])
        XCTAssertTrue(ModelCodeGenerator.text(for: entity, source: "x.yml", version: nil).contains("@Managed public var `default`: String?"))
    }

    /// The generated accessors keep both sides of a relationship, as Core Data's do.
    func testTheGeneratedAccessorsWorkAsCoreDatasDo() throws {
        let model = try ManagedObjectModel(contentsOf: fixtures.appendingPathComponent("Pokedesk.yml"))
        model.register(Pokemon.self, Race.self, PokemonType.self)
        let container = PersistentContainer(name: "Pokedesk", managedObjectModel: model)
        container.persistentStoreDescriptions = [PersistentStoreDescription(type: .inMemory)]
        container.loadPersistentStores { _, error in XCTAssertNil(error) }
        let context = container.viewContext

        let pikachu = Race(context: context)
        pikachu.name = "Pikachu"
        pikachu.code = 25
        let electric = PokemonType(context: context)
        electric.name = "electric"
        let normal = PokemonType(context: context)
        normal.name = "normal"
        pikachu.addToTypes(electric)
        pikachu.addToTypes([normal])
        XCTAssertEqual(electric.races, [pikachu], "the inverse follows")
        pikachu.removeFromTypes([normal])
        XCTAssertEqual(pikachu.types.map(\.name), ["electric"])
        XCTAssertTrue(normal.races.isEmpty)

        let sparky = Pokemon(context: context)
        sparky.name = "Sparky"
        let volt = Pokemon(context: context)
        volt.name = "Volt"
        pikachu.addToPokemons(sparky)
        pikachu.addToPokemons([volt])
        XCTAssertTrue(volt.race === pikachu)
        pikachu.removeFromPokemons(sparky)
        XCTAssertNil(sparky.race)
        try context.save()

        let request = Pokemon.fetchRequest()
        request.predicate = GraphPredicate(format: "race.name == %@", "Pikachu")
        XCTAssertEqual(try context.fetch(request).map(\.name), ["Volt"])
        let types = try context.fetch(PokemonType.fetchRequest())
        XCTAssertEqual(Set(types.map { $0.name ?? "" }), ["electric", "normal"])
    }
}
