/// What happens to the objects at the other end of a relationship when its source is deleted:
/// Core Data's `NSDeleteRule`.
public enum DeleteRule: String, CaseIterable {
    /// The related objects stay; they lose their reference to the deleted object (the default).
    case nullify
    /// The related objects are deleted as well.
    case cascade
    /// The delete fails at save (error 1600) while the relationship holds any object.
    case deny
    /// Nothing is done: the related objects keep pointing at a deleted object.
    case noAction
}

/// A reference from one entity to another: Core Data's `NSRelationshipDescription`.
///
/// A relationship is to-many when `maxCount` is not 1, as in Core Data. Every relationship
/// should have an inverse; a model without one loads with a warning (see
/// ``ManagedObjectModel/warnings``), as Xcode warns.
public final class RelationshipDescription: PropertyDescription {
    /// The name of the entity at the other end.
    public var destinationEntityName: String
    /// The name of the relationship on the destination entity that points back.
    public var inverseName: String?
    public var deleteRule: DeleteRule
    /// Bounds on the number of related objects; 0 means no bound. A to-one relationship has
    /// `maxCount == 1`.
    public var minCount: Int
    public var maxCount: Int {
        didSet { entity?.updateInitialValues() }
    }

    public var isToMany: Bool { maxCount != 1 }

    /// Resolved by the model when it is complete.
    public internal(set) var destinationEntity: EntityDescription? {
        get { destinationLink?.entity }
        set { destinationLink = newValue?.link }
    }
    private var destinationLink: EntityLink?
    public internal(set) weak var inverseRelationship: RelationshipDescription?

    public init(
        name: String, destination: String, inverse: String? = nil, toMany: Bool = false,
        deleteRule: DeleteRule = .nullify, isOptional: Bool = true, minCount: Int = 0, maxCount: Int? = nil,
        renamingIdentifier: String? = nil
    ) {
        self.destinationEntityName = destination
        self.inverseName = inverse
        self.deleteRule = deleteRule
        self.minCount = minCount
        self.maxCount = maxCount ?? (toMany ? 0 : 1)
        super.init(name: name, isOptional: isOptional, renamingIdentifier: renamingIdentifier)
    }

    /// Whether this relationship is kept in a join table of its own (many-to-many, or
    /// to-many without an inverse) rather than a foreign key column.
    var usesJoinTable: Bool {
        guard isToMany else { return false }
        guard let inverse = inverseRelationship else { return true }
        return inverse.isToMany
    }

    /// Whether this relationship is a foreign key column in its entity's table.
    var hasForeignKeyColumn: Bool { !isToMany }
}
