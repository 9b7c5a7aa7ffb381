/// A kind of object the model stores: Core Data's `NSEntityDescription`.
///
/// ```swift
/// let person = EntityDescription(name: "Person", managedObjectClass: Person.self, properties: [
///     AttributeDescription(name: "name", type: .string, isOptional: false),
///     RelationshipDescription(name: "cars", destination: "Car", inverse: "owner", toMany: true),
/// ])
/// ```
public final class EntityDescription: CustomStringConvertible {
    public var name: String
    /// The class objects of this entity are made with; `ManagedObject` unless a subclass is
    /// given here or named by `managedObjectClassName` and known to ObjectGraph (see
    /// ``ManagedObjectModel/register(_:)``).
    public var managedObjectClass: ManagedObject.Type?
    /// The unqualified name of the class, by default the entity's name (Core Data's codegen).
    public var managedObjectClassName: String
    /// The entity's name in the previous model version, for lightweight migration.
    public var renamingIdentifier: String?
    /// The model this entity belongs to; set when the model is made.
    public internal(set) weak var managedObjectModel: ManagedObjectModel?

    /// Attributes and relationships, in the order objects store them.
    public var properties: [PropertyDescription] {
        didSet { indexProperties() }
    }
    public private(set) var propertiesByName: [String: PropertyDescription] = [:]
    public private(set) var attributes: [AttributeDescription] = []
    public private(set) var relationships: [RelationshipDescription] = []
    /// The values a new object starts with: defaults, and empty to-many sets.
    private(set) var initialValues: [Any?] = []
    /// The indexes of the properties stored in the entity's own table: attributes and to-one
    /// relationships.
    private(set) var columnIndexes: [Int] = []

    /// How properties and relationships point at this entity without a weak reference.
    let link = EntityLink()

    public init(
        name: String, managedObjectClass: ManagedObject.Type? = nil, properties: [PropertyDescription] = [],
        renamingIdentifier: String? = nil
    ) {
        self.name = name
        self.managedObjectClass = managedObjectClass
        self.managedObjectClassName = managedObjectClass.map { String(describing: $0) } ?? name
        self.renamingIdentifier = renamingIdentifier
        self.properties = properties
        link.entity = self
        indexProperties()
    }

    deinit { link.entity = nil }

    public private(set) var attributesByName: [String: AttributeDescription] = [:]
    public private(set) var relationshipsByName: [String: RelationshipDescription] = [:]

    public var description: String { name }

    /// The property named `name`. Entities have few properties, and comparing a few short
    /// strings costs less than hashing one, which matters to `setValue(_:forKey:)` in a loop.
    func property(named name: String) -> PropertyDescription? {
        guard propertyNames.count <= 12 else { return propertiesByName[name] }
        guard let index = propertyNames.firstIndex(of: name) else { return nil }
        return properties[index]
    }

    /// The properties' names, in order: read by every key-value access, so kept apart from the
    /// descriptions (a read of a class's property is checked for exclusive access each time).
    private var propertyNames: [String] = []

    /// Called again when a property is renamed.
    func indexProperties() {
        for (index, property) in properties.enumerated() {
            property.index = index
            property.entity = self
        }
        propertyNames = properties.map(\.name)
        propertiesByName = Dictionary(properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        attributes = properties.compactMap { $0 as? AttributeDescription }
        relationships = properties.compactMap { $0 as? RelationshipDescription }
        attributesByName = Dictionary(attributes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        relationshipsByName = Dictionary(relationships.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        updateInitialValues()
    }

    /// Called again when an attribute's default changes after the entity was made.
    func updateInitialValues() {
        columnIndexes = properties.indices.filter { index in
            (properties[index] as? RelationshipDescription)?.hasForeignKeyColumn ?? true
        }
        initialValues = properties.map { property in
            if let attribute = property as? AttributeDescription {
                // `defaultValue: 18` on an Int16 attribute reads back as Int16, as a fetched value does.
                return attribute.defaultValue.flatMap { AttributeValues.normalized($0, for: attribute.attributeType) ?? $0 }
            }
            if let relationship = property as? RelationshipDescription, relationship.isToMany { return Set<ManagedObjectID>() }
            return nil
        }
    }
}
