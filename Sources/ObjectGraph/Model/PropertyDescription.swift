/// What attributes and relationships share: Core Data's `NSPropertyDescription`.
public class PropertyDescription: CustomStringConvertible {
    public var name: String {
        didSet { entity?.indexProperties() }
    }
    /// Whether the property may be nil when the context saves.
    public var isOptional: Bool
    /// The property's name in the previous model version, for lightweight migration.
    public var renamingIdentifier: String?
    /// The entity this property belongs to; set when the entity is given its properties.
    public internal(set) var entity: EntityDescription? {
        get { entityLink?.entity }
        set { entityLink = newValue?.link }
    }
    private var entityLink: EntityLink?
    /// The property's place in its entity's `properties`, used to index object storage.
    var index = 0

    init(name: String, isOptional: Bool, renamingIdentifier: String?) {
        self.name = name
        self.isOptional = isOptional
        self.renamingIdentifier = renamingIdentifier
    }

    public var description: String { "\(entity?.name ?? "?").\(name)" }
}
