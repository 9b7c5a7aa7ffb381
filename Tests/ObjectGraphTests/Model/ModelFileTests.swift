import Foundation
import XCTest
@testable import ObjectGraph

/// The `Codable` type the example's transformable attribute holds.
struct TagList: Codable, Equatable {
    var tags: [String]
}

final class ModelFileTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The example of the format's documentation, with a second version.
    static let example = """
        format: 1
        current: v1
        versions:
          v1:
            Person:
              class: PersonObject
              renaming_id: Human
              attributes:
                name: string
                age: {type: integer16, optional: false, default: 18, min: 18, max: 100}
                email: {type: string, optional: false, min_length: 3, max_length: 255, pattern: ".+@.+"}
                born: {type: date, min_date: 1900-01-01T00:00:00Z}
                photo: binary
                tags: {type: transformable, value_type: TagList}
              relationships:
                cars: {destination: Car, inverse: owner, to_many: true, delete_rule: cascade, min_count: 0, max_count: 5}
            Car:
              attributes: {make: string, year: integer32}
              relationships:
                owner: {destination: Person, inverse: cars}
          v2:
            Person:
              attributes:
                name: string
              relationships:
                cars: {destination: Car, inverse: owner, to_many: true}
            Car:
              attributes: {make: string, year: integer32, licencePlate: string}
              relationships:
                owner: {destination: Person, inverse: cars}
        """

    override func setUp() {
        super.setUp()
        TransformableTypes.register(TagList.self)
    }

    /// The lines of the error a model file throws, or a failure when it loads.
    private func problems(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try ModelFile(yaml: yaml, path: "Model.yml")
            XCTFail("the model file loaded", file: file, line: line)
            return []
        } catch ObjectGraphError.modelFile(let message) {
            return message.components(separatedBy: "\n")
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return []
        }
    }

    // MARK: - Reading

    func testTheExampleBecomesTheModel() throws {
        let file = try ModelFile(yaml: Self.example, path: "Model.yml")
        let model = try file.model()
        XCTAssertEqual(model.versionIdentifier, "v1")
        XCTAssertEqual(model.problems, [])
        XCTAssertEqual(model.warnings, [])
        XCTAssertEqual(model.entities.map(\.name), ["Person", "Car"])

        let person = try XCTUnwrap(model.entitiesByName["Person"])
        XCTAssertEqual(person.managedObjectClassName, "PersonObject")
        XCTAssertEqual(person.renamingIdentifier, "Human")
        XCTAssertEqual(person.properties.map(\.name), ["name", "age", "email", "born", "photo", "tags", "cars"])
        XCTAssertEqual(
            person.attributes.map(\.attributeType),
            [.string, .integer16, .string, .date, .binaryData, .transformable(name: "TagList")])
        XCTAssertEqual(person.attributes.map(\.isOptional), [true, false, false, true, true, true])

        let name = try XCTUnwrap(person.attributesByName["name"])
        XCTAssertNil(name.defaultValue)
        XCTAssertNil(name.minLength)

        let age = try XCTUnwrap(person.attributesByName["age"])
        XCTAssertEqual(age.defaultValue as? Int16, 18)
        XCTAssertEqual(age.minValue, 18)
        XCTAssertEqual(age.maxValue, 100)

        let email = try XCTUnwrap(person.attributesByName["email"])
        XCTAssertEqual(email.minLength, 3)
        XCTAssertEqual(email.maxLength, 255)
        XCTAssertEqual(email.regularExpression, ".+@.+")
        XCTAssertNil(email.minValue)

        let born = try XCTUnwrap(person.attributesByName["born"])
        XCTAssertEqual(born.minDate, Date(timeIntervalSince1970: -2_208_988_800))
        XCTAssertNil(born.maxDate)

        let cars = try XCTUnwrap(person.relationshipsByName["cars"])
        XCTAssertEqual(cars.destinationEntityName, "Car")
        XCTAssertEqual(cars.inverseName, "owner")
        XCTAssertTrue(cars.isToMany)
        XCTAssertEqual(cars.deleteRule, .cascade)
        XCTAssertEqual(cars.minCount, 0)
        XCTAssertEqual(cars.maxCount, 5)

        let car = try XCTUnwrap(model.entitiesByName["Car"])
        XCTAssertEqual(car.managedObjectClassName, "Car")
        XCTAssertEqual(car.properties.map(\.name), ["make", "year", "owner"])
        XCTAssertEqual(car.attributes.map(\.attributeType), [.string, .integer32])
        let owner = try XCTUnwrap(car.relationshipsByName["owner"])
        XCTAssertFalse(owner.isToMany)
        XCTAssertEqual(owner.maxCount, 1)
        XCTAssertEqual(owner.deleteRule, .nullify)
        XCTAssertTrue(owner.isOptional)
        XCTAssertTrue(owner.destinationEntity === person)
        XCTAssertTrue(owner.inverseRelationship === cars)
        XCTAssertTrue(cars.inverseRelationship === owner)
    }

    /// The example in ModelFile's documentation stays true: it loads as it is written.
    func testTheDocumentedExampleLoads() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ObjectGraph/Model/ModelFile.swift")
        let lines = try String(contentsOf: source, encoding: .utf8).components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex(of: "/// ```yaml"))
        let end = try XCTUnwrap(lines[(start + 1)...].firstIndex(of: "/// ```"))
        let yaml = lines[(start + 1)..<end].map { String($0.dropFirst(4)) }.joined(separator: "\n")

        let file = try ModelFile(yaml: yaml, path: "ModelFile.swift")
        XCTAssertEqual(file.versions, ["v1", "v2"])
        XCTAssertEqual(file.currentVersion, "v2")
        XCTAssertEqual(try file.model(version: "v1").entitiesByName["Person"]?.properties.count, 7)
    }

    func testVersionsKeepTheirOrderAndCurrentChoosesTheDefault() throws {
        let file = try ModelFile(yaml: Self.example, path: "Model.yml")
        XCTAssertEqual(file.versions, ["v1", "v2"])
        XCTAssertEqual(file.currentVersion, "v1")

        let v2 = try file.model(version: "v2")
        XCTAssertEqual(v2.versionIdentifier, "v2")
        XCTAssertEqual(v2.entitiesByName["Car"]?.properties.map(\.name), ["make", "year", "licencePlate", "owner"])
        XCTAssertEqual(v2.entitiesByName["Person"]?.attributes.map(\.name), ["name"])

        // Each call makes its own entities: a model never shares them with another.
        let first = try file.model()
        let second = try file.model()
        XCTAssertFalse(first === second)
        XCTAssertFalse(first.entities[0] === second.entities[0])

        XCTAssertThrowsError(try file.model(version: "v3")) { error in
            XCTAssertEqual(error as? ObjectGraphError,
                           .modelFile("Model.yml: there is no version \"v3\"; the file has v1, v2"))
        }
    }

    func testTheLastVersionIsCurrentByDefault() throws {
        let file = try ModelFile(yaml: Self.example.replacingOccurrences(of: "current: v1\n", with: ""), path: "Model.yml")
        XCTAssertEqual(file.currentVersion, "v2")
        XCTAssertEqual(try file.model().versionIdentifier, "v2")
    }

    func testEntitiesWithoutVersionsAreOneVersionNamedOne() throws {
        let file = try ModelFile(yaml: """
            format: 1
            entities:
              Note:
                attributes: {text: string}
              Folder:
            """, path: "Notes.yml")
        XCTAssertEqual(file.versions, ["1"])
        XCTAssertEqual(file.currentVersion, "1")
        let model = try file.model()
        XCTAssertEqual(model.versionIdentifier, "1")
        XCTAssertEqual(model.entities.map(\.name), ["Note", "Folder"])
        XCTAssertEqual(model.entities[1].properties.count, 0)

        XCTAssertEqual(problems("""
            format: 1
            entities:
              Note:
                attributes: {text: str}
            """), [
            #"Model.yml:4:24: entities.Note.attributes.text.type: unknown type "str"; expected one of integer16, integer32, integer64, double, boolean, string, date, binary, transformable"#,
        ])
    }

    func testDefaultsHaveTheAttributesSwiftType() throws {
        let model = try ModelFile(yaml: """
            format: 1
            entities:
              Sample:
                attributes:
                  small: {type: integer16, default: -3}
                  medium: {type: integer32, default: 70000}
                  large: {type: integer64, default: 5000000000}
                  ratio: {type: double, default: 2}
                  exact: {type: double, default: 0.5}
                  done: {type: boolean, default: true}
                  title: {type: string, default: "18"}
                  day: {type: date, default: 2024-01-31}
                  moment: {type: date, default: "2024-01-31T12:00:00.5Z"}
                  bytes: {type: binary, default: AQID}
            """, path: "Model.yml").model()
        let defaults = Dictionary(uniqueKeysWithValues: model.entities[0].attributes.map { ($0.name, $0.defaultValue) })
        XCTAssertEqual(defaults["small"] as? Int16, -3)
        XCTAssertEqual(defaults["medium"] as? Int32, 70000)
        XCTAssertEqual(defaults["large"] as? Int64, 5_000_000_000)
        XCTAssertEqual(defaults["ratio"] as? Double, 2)
        XCTAssertEqual(defaults["exact"] as? Double, 0.5)
        XCTAssertEqual(defaults["done"] as? Bool, true)
        XCTAssertEqual(defaults["title"] as? String, "18")
        XCTAssertEqual(defaults["day"] as? Date, Date(timeIntervalSince1970: 1_706_659_200))
        XCTAssertEqual(defaults["moment"] as? Date, Date(timeIntervalSince1970: 1_706_702_400.5))
        XCTAssertEqual(defaults["bytes"] as? Data, Data([1, 2, 3]))
    }

    func testARelationshipWithoutInverseIsAWarningOnTheModel() throws {
        let model = try ModelFile(yaml: """
            format: 1
            entities:
              Person: {}
              Car:
                relationships:
                  owner: {destination: Person}
            """, path: "Model.yml").model()
        XCTAssertEqual(model.problems, [])
        XCTAssertEqual(model.warnings, ["Car.owner should have an inverse."])
    }

    // MARK: - Files on disk

    func testTheGarageFixtureLoadsFromDisk() throws {
        let url = Self.fixtures.appendingPathComponent("Garage.yml")
        let file = try ModelFile(contentsOf: url)
        XCTAssertEqual(file.path, url.path)
        XCTAssertEqual(file.versions, ["v1", "v2"])
        XCTAssertEqual(file.currentVersion, "v2")
        XCTAssertEqual(try file.model(version: "v1").entitiesByName["Car"]?.attributes.map(\.name), ["make", "year"])

        let model = try ManagedObjectModel(contentsOf: url)
        XCTAssertEqual(model.versionIdentifier, "v2")
        XCTAssertEqual(model.problems, [])
        XCTAssertEqual(model.warnings, [])
        let plate = try XCTUnwrap(model.entitiesByName["Car"]?.attributesByName["licencePlate"])
        XCTAssertEqual(plate.attributeType, .string)
        XCTAssertTrue(plate.isOptional)
        XCTAssertTrue(model.entitiesByName["Car"]?.relationshipsByName["owner"]?.inverseRelationship
            === model.entitiesByName["Person"]?.relationshipsByName["cars"])
        XCTAssertEqual(try ManagedObjectModel(contentsOf: url, version: "v1").versionIdentifier, "v1")
        // The versions differ on disk, so a store of one cannot be opened with the other.
        XCTAssertNotEqual(try ManagedObjectModel(contentsOf: url, version: "v1").versionHash, model.versionHash)
    }

    func testAFileOnDiskIsNamedByItsPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ModelFileTests-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Broken.yml")
        try "format: 1\nentities:\n  Person:\n    attributes: {age: {type: integer16, optinal: false}}\n"
            .write(to: url, atomically: true, encoding: .utf8)

        XCTAssertThrowsError(try ManagedObjectModel(contentsOf: url)) { error in
            XCTAssertEqual(error as? ObjectGraphError, .modelFile(
                "\(url.path):4:41: entities.Person.attributes.age.optinal: unknown field \"optinal\" (did you mean \"optional\"?); "
                    + "expected one of type, optional, default, min, max, min_length, max_length, pattern, min_date, max_date, value_type, renaming_id"))
        }
        let missing = directory.appendingPathComponent("Missing.yml")
        XCTAssertThrowsError(try ModelFile(contentsOf: missing)) { error in
            guard case .modelFile(let message)? = error as? ObjectGraphError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("\(missing.path): cannot read the model file ("), message)
            XCTAssertTrue(message.hasSuffix("); check that it exists and is UTF-8 text"), message)
        }
    }

    // MARK: - Problems

    func testAnUnknownTypeIsNamedAtItsValue() {
        let types = "expected one of integer16, integer32, integer64, double, boolean, string, date, binary, transformable"
        XCTAssertEqual(problems("""
            format: 1
            versions:
              v1:
                Person:
                  attributes:
                    age: int
                    name: {type: text, optional: false}
            """), [
            "Model.yml:6:14: versions.v1.Person.attributes.age.type: unknown type \"int\"; \(types)",
            "Model.yml:7:22: versions.v1.Person.attributes.name.type: unknown type \"text\"; \(types)",
        ])
    }

    func testTheFileNeedsFormatOneAndVersions() {
        XCTAssertEqual(problems("current: v1\n"), [
            "Model.yml:1:1: missing required field \"format\"; add `format: 1` at the top",
            "Model.yml:1:1: missing required field \"versions\" (or \"entities\" for a file with a single version)",
        ])
        XCTAssertEqual(problems("format: 2\nentities: {}\n"), [
            "Model.yml:1:9: format: unknown format 2; this version of ObjectGraph reads format 1",
        ])
        XCTAssertEqual(problems("format: 1\nversions: {}\n"), [
            "Model.yml:2:1: versions: lists no version; add one, such as `v1:` with its entities",
        ])
        XCTAssertEqual(problems(""), [
            "Model.yml: the file is empty; a model file starts with `format: 1` and lists `versions:`",
        ])
        XCTAssertEqual(problems("- format: 1\n"), [
            "Model.yml:1:1: expected a mapping with `format: 1` and `versions:`, found a list",
        ])
        XCTAssertEqual(problems("format: 1\nversions: {v1: {}}\nentities: {}\n"), [
            "Model.yml:3:1: entities: a file lists either versions: or entities:, not both; move these entities into a version",
        ])
    }

    func testCurrentMustNameAVersion() {
        XCTAssertEqual(problems("format: 1\ncurrent: v3\nversions:\n  v1: {}\n  v2: {}\n"), [
            "Model.yml:2:10: current: there is no version \"v3\"; expected one of v1, v2",
        ])
    }

    func testUnknownFieldsAreErrorsWithASuggestion() {
        XCTAssertEqual(problems("""
            format: 1
            entities:
              Person:
                atributes: {name: string}
                relationships:
                  cars: {destination: Car, to_mani: true}
              Car:
            """), [
            "Model.yml:4:5: entities.Person.atributes: unknown field \"atributes\" (did you mean \"attributes\"?); expected one of class, renaming_id, attributes, relationships",
            "Model.yml:6:32: entities.Person.relationships.cars.to_mani: unknown field \"to_mani\" (did you mean \"to_many\"?); expected one of destination, inverse, to_many, delete_rule, optional, min_count, max_count, renaming_id",
        ])
        XCTAssertEqual(problems("format: 1\nentities: {}\nmodels: {}\n"), [
            "Model.yml:3:1: models: unknown field \"models\"; expected one of format, current, versions, entities",
        ])
    }

    func testFieldsMustSuitTheAttributesType() {
        XCTAssertEqual(problems("""
            format: 1
            entities:
              Person:
                attributes:
                  age: {type: integer16, min_length: 1, pattern: "[0-9]+"}
                  name: {type: string, min: 1, min_date: 2000-01-01}
                  tags: {type: string, value_type: TagList}
            """), [
            "Model.yml:5:30: entities.Person.attributes.age.min_length: min_length applies to string attributes only, not integer16",
            "Model.yml:5:45: entities.Person.attributes.age.pattern: pattern applies to string attributes only, not integer16",
            "Model.yml:6:28: entities.Person.attributes.name.min: min applies to numeric attributes only, not string",
            "Model.yml:6:36: entities.Person.attributes.name.min_date: min_date applies to date attributes only, not string",
            "Model.yml:7:28: entities.Person.attributes.tags.value_type: value_type applies to transformable attributes only, not string",
        ])
    }

    func testValuesMustHaveTheirFieldsType() {
        XCTAssertEqual(problems("""
            format: 1
            entities:
              Person:
                attributes:
                  age: {type: integer16, optional: nope, default: 40000, min: ten}
                  born: {type: date, default: yesterday, max_date: 2000-01-01, min_date: 2001-01-01}
                  name: {type: string, min_length: -1, max_length: "5", pattern: "[a-"}
                  photo: {type: binary, default: "not base64!"}
                  count: {type: integer32, default: "7", min: 10, max: 5}
            """), [
            "Model.yml:5:40: entities.Person.attributes.age.optional: expected true or false, found \"nope\"",
            "Model.yml:5:55: entities.Person.attributes.age.default: 40000 does not fit in integer16 (-32768...32767)",
            "Model.yml:5:67: entities.Person.attributes.age.min: expected a number, found \"ten\"",
            "Model.yml:6:35: entities.Person.attributes.born.default: expected an ISO 8601 date such as 2024-01-31T12:00:00Z, found \"yesterday\"",
            "Model.yml:6:56: entities.Person.attributes.born.max_date: max_date is earlier than min_date",
            "Model.yml:7:40: entities.Person.attributes.name.min_length: expected 0 or more, found -1",
            "Model.yml:7:56: entities.Person.attributes.name.max_length: expected a whole number, found \"5\"",
            "Model.yml:7:70: entities.Person.attributes.name.pattern: \"[a-\" is not a valid regular expression; check its brackets and escapes",
            "Model.yml:8:38: entities.Person.attributes.photo.default: expected base64 text for a binary default, found \"not base64!\"",
            "Model.yml:9:41: entities.Person.attributes.count.default: expected a whole number, found \"7\"",
            "Model.yml:9:60: entities.Person.attributes.count.max: max 5 is less than min 10",
        ])
    }

    func testTransformablesNeedARegisteredValueType() {
        XCTAssertEqual(problems("""
            format: 1
            entities:
              Person:
                attributes:
                  tags: transformable
                  labels: {type: transformable, value_type: LabelSet}
                  notes: {type: transformable, value_type: TagList, default: x}
            """), [
            "Model.yml:5:7: entities.Person.attributes.tags: missing required field \"value_type\": a transformable attribute names the Codable type it holds, such as `{type: transformable, value_type: TagList}`",
            "Model.yml:6:49: entities.Person.attributes.labels.value_type: the type LabelSet is not registered; call TransformableTypes.register(LabelSet.self) before loading the model file",
            "Model.yml:7:66: entities.Person.attributes.notes.default: a transformable attribute has no default in a model file; give new objects their value in code",
        ])
    }

    func testRelationshipsNeedADestinationAndConsistentCounts() {
        XCTAssertEqual(problems("""
            format: 1
            entities:
              Person:
                attributes:
                  age: {optional: false}
                relationships:
                  cars: {inverse: owner, to_many: true}
                  garages: {destination: Garage, to_many: true, max_count: 1, delete_rule: delete}
                  home: {destination: Garage, max_count: 3}
                  boat: destination
              Garage:
            """), [
            "Model.yml:5:7: entities.Person.attributes.age: missing required field \"type\"; expected one of integer16, integer32, integer64, double, boolean, string, date, binary, transformable",
            "Model.yml:7:7: entities.Person.relationships.cars: missing required field \"destination\", the entity at the other end",
            "Model.yml:8:64: entities.Person.relationships.garages.max_count: max_count 1 makes the relationship to-one; remove to_many: true or allow more objects",
            "Model.yml:8:80: entities.Person.relationships.garages.delete_rule: unknown delete rule \"delete\"; expected one of nullify, cascade, deny, no_action",
            "Model.yml:9:46: entities.Person.relationships.home.max_count: a to-one relationship holds at most 1 object; add to_many: true to hold more",
            "Model.yml:10:13: entities.Person.relationships.boat: expected a mapping such as `{destination: Car, inverse: owner}`, found \"destination\"",
        ])
    }

    func testTheModelsOwnProblemsAreLocatedAtTheirProperty() {
        XCTAssertEqual(problems("""
            format: 1
            versions:
              v1:
                Person:
                  relationships:
                    cars: {destination: Car, inverse: owner, to_many: true}
                    boats: {destination: Boat, inverse: owner}
                Car:
                  relationships:
                    driver: {destination: Person, inverse: cars}
            """), [
            "Model.yml:6:9: versions.v1.Person.relationships.cars: the inverse Car.owner does not exist.",
            "Model.yml:7:9: versions.v1.Person.relationships.boats: the destination entity Boat does not exist.",
            "Model.yml:10:9: versions.v1.Car.relationships.driver: Car.driver and Person.cars must name each other as inverses.",
        ])
        XCTAssertEqual(problems("""
            format: 1
            entities:
              Person:
                attributes: {name: string, Name: string}
              Bad-Name:
            """), [
            "Model.yml:3:3: entities.Person: Person has two properties named Name (names differing only in case count as one).",
            "Model.yml:5:3: entities.Bad-Name: The entity name \"Bad-Name\" must be letters, digits and underscores.",
        ])
    }

    func testSyntaxErrorsAndDuplicateKeysArePlaced() {
        XCTAssertEqual(problems("format: 1\nentities:\n  Person: {attributes: {name: string}\n"), [
            "Model.yml:4:1: invalid YAML: while parsing a flow mapping did not find expected ',' or '}'",
        ])
        XCTAssertEqual(problems("format: 1\nentities:\n  Person: {}\n  Person: {}\n"), [
            "Model.yml:3:3: \"Person\" appears more than once in the same mapping; keep one",
        ])
    }

    func testAllProblemsOfAllVersionsAreListedInFileOrder() {
        XCTAssertEqual(problems("""
            format: 1
            current: v1
            versions:
              v1:
                Person:
                  attributes: {age: {type: integer16, optinal: false}}
                  relationships:
                    cars: {destination: Car, inverse: owner, to_many: true}
              v2:
                Person:
                  attributes: {age: int}
                  relationships:
                    cars: {destination: Auto, to_many: true, delete_rule: cascading}
            """), [
            "Model.yml:6:43: versions.v1.Person.attributes.age.optinal: unknown field \"optinal\" (did you mean \"optional\"?); expected one of type, optional, default, min, max, min_length, max_length, pattern, min_date, max_date, value_type, renaming_id",
            "Model.yml:8:9: versions.v1.Person.relationships.cars: the destination entity Car does not exist.",
            "Model.yml:11:25: versions.v2.Person.attributes.age.type: unknown type \"int\"; expected one of integer16, integer32, integer64, double, boolean, string, date, binary, transformable",
            "Model.yml:13:9: versions.v2.Person.relationships.cars: the destination entity Auto does not exist.",
            "Model.yml:13:63: versions.v2.Person.relationships.cars.delete_rule: unknown delete rule \"cascading\"; expected one of nullify, cascade, deny, no_action",
        ])
    }
}
