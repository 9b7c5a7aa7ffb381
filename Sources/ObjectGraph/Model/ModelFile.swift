import Foundation
import Yams

/// A model file: the YAML counterpart of an `.xcdatamodeld`, with its versions.
///
/// A model file lists the entities of one or more model versions. Loading it checks the whole
/// file (every version) and throws one ``ObjectGraphError/modelFile(_:)`` listing every problem,
/// one per line, each with the file, line, column and field:
///
/// ```text
/// Model.yml:12:18: versions.v1.Person.attributes.age.type: unknown type "int"; expected one of integer16, …
/// ```
///
/// The format, with every field:
///
/// ```yaml
/// format: 1                 # required, only 1 is known
/// current: v2               # optional; the last version by default
/// versions:                 # version names, in order, oldest first
///   v1:
///     Person:               # an entity
///       class: Person       # optional: the Swift class name (default: the entity name)
///       renaming_id: Human  # optional: the entity's name in the previous version
///       attributes:
///         name: string                         # short form: just the type, optional by default
///         age: {type: integer16, optional: false, default: 18, min: 18, max: 100}
///         email: {type: string, optional: false, min_length: 3, max_length: 255, pattern: ".+@.+"}
///         born: {type: date, min_date: 1900-01-01T00:00:00Z}
///         photo: binary
///         tags: {type: transformable, value_type: TagList}
///       relationships:
///         cars: {destination: Car, inverse: owner, to_many: true, delete_rule: cascade, min_count: 0, max_count: 5}
///     Car:
///       attributes: {make: string, year: integer32}
///       relationships:
///         owner: {destination: Person, inverse: cars}    # to-one by default; delete_rule nullify
///   v2:
///     Person:
///       attributes: {name: string}
///       relationships:
///         cars: {destination: Car, inverse: owner, to_many: true}
///     Car:
///       attributes: {make: string, year: integer32, licencePlate: string}
///       relationships:
///         owner: {destination: Person, inverse: cars}
/// ```
///
/// A file with a single version may put its entities under `entities:` instead of `versions:`;
/// that version is named `1`.
///
/// - Attribute types: `integer16`, `integer32`, `integer64`, `double`, `boolean`, `string`,
///   `date`, `binary` and `transformable`, which needs `value_type:`, a name registered with
///   ``TransformableTypes/register(_:name:)`` before the file is loaded.
/// - Attribute fields: `type`, `optional` (default `true`), `default`, `renaming_id`; `min` and
///   `max` for numbers; `min_length`, `max_length` and `pattern` (a regular expression the
///   whole string must match) for strings; `min_date` and `max_date` for dates; `value_type`
///   for transformables. A default is converted to the attribute's Swift type: `Int16(18)`, a
///   `Date` from ISO 8601 (`2024-01-31T12:00:00Z` or `2024-01-31`), `Data` from base64 text.
/// - Relationship fields: `destination` (required), `inverse`, `to_many` (default `false`),
///   `delete_rule` (`nullify`, the default, `cascade`, `deny` or `no_action`), `optional`
///   (default `true`), `min_count` and `max_count` (0, the default, means no bound), `renaming_id`.
///
/// Entities and properties keep the order of the file. Unknown fields are errors, so a typo
/// such as `optinal:` cannot be skipped silently. Relationships without an inverse are allowed
/// and listed in the model's ``ManagedObjectModel/warnings``.
///
/// ```swift
/// let file = try ModelFile(contentsOf: URL(fileURLWithPath: "Garage.yml"))
/// let model = try file.model()              // the current version
/// let old = try file.model(version: "v1")
/// ```
public struct ModelFile {
    /// The file as problems name it.
    public let path: String
    /// The versions' names, in the order of the file.
    public let versions: [String]
    /// The version ``model(version:)`` makes by default: `current:`, or the last version.
    public let currentVersion: String
    let definitions: [Version]

    /// Reads and checks a model file.
    /// - Throws: ``ObjectGraphError/modelFile(_:)`` when the file cannot be read or has problems.
    public init(contentsOf url: URL) throws {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
            throw ObjectGraphError.modelFile(
                "\(url.path): cannot read the model file (\(reason)); check that it exists and is UTF-8 text")
        }
        try self.init(yaml: text, path: url.path)
    }

    /// Reads and checks a model file's text.
    /// - Parameters:
    ///   - yaml: The file's contents.
    ///   - path: The name problems give the file.
    /// - Throws: ``ObjectGraphError/modelFile(_:)`` listing every problem of the file.
    public init(yaml: String, path: String) throws {
        var reader = ModelFileReader(path: path)
        let contents = reader.read(yaml)
        var problems = reader.problems
        for version in contents.versions {
            let model = ManagedObjectModel(entities: Self.makeEntities(version), versionIdentifier: version.name)
            problems += Self.locate(model.problems, in: version, path: path)
        }
        guard problems.isEmpty, let current = contents.current ?? contents.versions.last?.name else {
            throw ModelFileProblem.error(problems)
        }
        self.path = path
        self.definitions = contents.versions
        self.versions = contents.versions.map(\.name)
        self.currentVersion = current
    }

    /// A new model of one version; each call makes new entities, so models never share them.
    /// - Parameter version: A name from ``versions``; the ``currentVersion`` when nil.
    /// - Returns: The model, its ``ManagedObjectModel/versionIdentifier`` set to the version.
    /// - Throws: ``ObjectGraphError/modelFile(_:)`` when the file has no such version.
    public func model(version: String? = nil) throws -> ManagedObjectModel {
        let definition = try self.definition(version)
        let model = ManagedObjectModel(entities: Self.makeEntities(definition), versionIdentifier: definition.name)
        model.knownVersionHashes = versionHashes
        return model
    }

    /// The ``ManagedObjectModel/versionHash`` of every version in the file.
    var versionHashes: Set<String> {
        Set(definitions.map { ManagedObjectModel(entities: Self.makeEntities($0)).versionHash })
    }

    func definition(_ version: String?) throws -> Version {
        let name = version ?? currentVersion
        guard let definition = definitions.first(where: { $0.name == name }) else {
            throw ObjectGraphError.modelFile(
                "\(path): there is no version \"\(name)\"; the file has \(versions.joined(separator: ", "))")
        }
        return definition
    }
}

extension ManagedObjectModel {
    /// Loads one version of a model file (see ``ModelFile``).
    /// - Parameters:
    ///   - url: The model file.
    ///   - version: A version's name; the file's current version when nil.
    /// - Throws: ``ObjectGraphError/modelFile(_:)`` listing every problem of the file.
    public convenience init(contentsOf url: URL, version: String? = nil) throws {
        let file = try ModelFile(contentsOf: url)
        let definition = try file.definition(version)
        self.init(entities: ModelFile.makeEntities(definition), versionIdentifier: definition.name)
        knownVersionHashes = file.versionHashes
    }
}

// MARK: - The file's contents, apart from the model made from them

extension ModelFile {
    /// Where a definition is in the file.
    struct Location {
        var mark: Mark?
        var field: String
    }

    struct Version {
        var name: String
        var location: Location
        var entities: [Entity] = []
    }

    struct Entity {
        var name: String
        var location: Location
        var className: String?
        var renamingIdentifier: String?
        var properties: [Property] = []
    }

    enum Property {
        case attribute(Attribute)
        case relationship(Relationship)

        var name: String {
            switch self {
            case .attribute(let attribute): attribute.name
            case .relationship(let relationship): relationship.name
            }
        }

        var location: Location {
            switch self {
            case .attribute(let attribute): attribute.location
            case .relationship(let relationship): relationship.location
            }
        }
    }

    struct Attribute {
        var name: String
        var location: Location
        var type: AttributeType
        var isOptional = true
        var defaultValue: Any?
        var minValue: Double?
        var maxValue: Double?
        var minDate: Date?
        var maxDate: Date?
        var minLength: Int?
        var maxLength: Int?
        var pattern: String?
        var renamingIdentifier: String?
    }

    struct Relationship {
        var name: String
        var location: Location
        var destination: String
        var inverse: String?
        var toMany = false
        var deleteRule = DeleteRule.nullify
        var isOptional = true
        var minCount = 0
        var maxCount: Int?
        var renamingIdentifier: String?
    }

    static func makeEntities(_ version: Version) -> [EntityDescription] {
        version.entities.map { definition in
            let entity = EntityDescription(
                name: definition.name, properties: definition.properties.map(makeProperty),
                renamingIdentifier: definition.renamingIdentifier)
            if let className = definition.className { entity.managedObjectClassName = className }
            return entity
        }
    }

    private static func makeProperty(_ property: Property) -> PropertyDescription {
        switch property {
        case .attribute(let definition):
            let attribute = AttributeDescription(
                name: definition.name, type: definition.type, isOptional: definition.isOptional,
                defaultValue: definition.defaultValue, renamingIdentifier: definition.renamingIdentifier)
            attribute.minValue = definition.minValue
            attribute.maxValue = definition.maxValue
            attribute.minDate = definition.minDate
            attribute.maxDate = definition.maxDate
            attribute.minLength = definition.minLength
            attribute.maxLength = definition.maxLength
            attribute.regularExpression = definition.pattern
            return attribute
        case .relationship(let definition):
            return RelationshipDescription(
                name: definition.name, destination: definition.destination, inverse: definition.inverse,
                toMany: definition.toMany, deleteRule: definition.deleteRule, isOptional: definition.isOptional,
                minCount: definition.minCount, maxCount: definition.maxCount,
                renamingIdentifier: definition.renamingIdentifier)
        }
    }

    /// The model's own problems (a missing destination or inverse…), each placed at the property
    /// or entity it is about.
    ///
    /// `ManagedObjectModel` reports problems as sentences that start with `Entity.property` or
    /// `Entity`; matching those names against the file's definitions is the only way to place
    /// them without changing the model's API. The reader leaves out what it reported itself
    /// (an attribute of an unknown type…), so each mistake is reported once.
    static func locate(_ modelProblems: [String], in version: Version, path: String) -> [ModelFileProblem] {
        // Longest names first, so that a problem of an (invalid) entity `Car.Part` is not given to `Car`.
        let entities = version.entities.sorted { $0.name.count > $1.name.count }
        return modelProblems.map { text in
            var location = version.location
            var message = text
            for entity in entities {
                if text.hasPrefix(entity.name + ".") {
                    location = entity.location
                    let rest = text.dropFirst(entity.name.count + 1)
                    let properties = entity.properties.sorted { $0.name.count > $1.name.count }
                    if let property = properties.first(where: { rest.hasPrefix($0.name + ":") || rest.hasPrefix($0.name + " ") }) {
                        location = property.location
                        if rest.hasPrefix(property.name + ": ") {
                            message = String(rest.dropFirst(property.name.count + 2))
                        }
                    }
                    break
                }
                if text.hasPrefix(entity.name + " ") || text.contains("\"\(entity.name)\"") {
                    location = entity.location
                    break
                }
            }
            return ModelFileProblem(file: path, mark: location.mark, field: location.field, message: message)
        }
    }
}
