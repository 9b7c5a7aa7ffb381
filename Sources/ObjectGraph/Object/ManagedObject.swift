import Foundation

/// An object of the graph: Core Data's `NSManagedObject`.
///
/// Read and write its properties by key (`value(forKey:)`, `setValue(_:forKey:)`,
/// ``mutableSetValue(forKey:)``) or through a subclass whose properties are marked
/// ``Managed``:
///
/// ```swift
/// final class Car: ManagedObject {
///     @Managed var make: String?
///     @Managed var year: Int32
///     @Managed var owner: Person?
/// }
/// let car = Car(context: context)
/// car.make = "Seat"
/// ```
///
/// An object belongs to the context it was inserted into or fetched by; it is a *fault* until a
/// property is first read (``isFault``), and its relationships load when first used.
open class ManagedObject: Hashable, KeyValueReading, CustomStringConvertible {
    public let entity: EntityDescription
    public internal(set) var objectID: ManagedObjectID! {
        get {
            if let storedID { return storedID }
            guard let fetchedStore else { return nil }
            let id = ManagedObjectID(entity: entity, primaryKey: fetchedKey, storeIdentifier: fetchedStore)
            storedID = id
            return id
        }
        set {
            storedID = newValue
            fetchedStore = nil
        }
    }
    private var storedID: ManagedObjectID?
    /// A fetched object's ID, made when first asked for: most fetched objects never are, and
    /// making each one would cost a fetch of many rows an allocation per row.
    private var fetchedKey: Int64 = 0
    private var fetchedStore: String?

    /// Gives a fetched object the ID of row `key` of the store `storeIdentifier`.
    func setFetchedID(key: Int64, storeIdentifier: String) {
        fetchedKey = key
        fetchedStore = storeIdentifier
    }

    /// The context that owns this object; nil once it is deleted and saved, or never inserted.
    public internal(set) var managedObjectContext: ManagedObjectContext? {
        get { contextReference?.context }
        set { contextReference = newValue?.reference }
    }
    /// Shared by every object of a context, which clears it as it goes away.
    var contextReference: ContextReference?
    /// Inserted and not saved yet: every value is written at save, so changes are not tracked.
    var isNew = false
    /// Where its context's ``InsertedObjects`` keeps it; -1 when it is not an unsaved insert.
    var insertedSlot = -1

    /// The current values, indexed like `entity.properties`: attribute values, a to-one
    /// relationship's `ManagedObjectID?`, a to-many relationship's `Set<ManagedObjectID>?`
    /// (nil while the relationship is a fault). Empty while the object is a fault.
    var values: [Any?] = []
    /// The values last read from or saved to the store (attributes and to-one relationships;
    /// to-many slots hold the related IDs once loaded). Nil for an object never saved, or turned
    /// back into a fault whose row must be read again.
    var snapshot: [Any?]?
    /// The version of the row the snapshot was read from or last saved as (see
    /// ``StoreRow/version``); 0 for an object never saved.
    var version: Int64 = 0
    /// The indexes of properties changed since the last save.
    var changedIndexes = Set<Int>()
    /// A group of faults fetched together with `fetchBatchSize`, fired as one query.
    var batch: FetchBatch?

    /// Whether the object's values are still to be loaded. Reading any property fires the fault.
    public internal(set) var isFault = true

    /// Makes an object of `entity` and inserts it into `context`: Core Data's
    /// `init(entity:insertInto:)`.
    public required init(entity: EntityDescription, insertInto context: ManagedObjectContext?) {
        self.entity = entity
        if let context { context.insert(self) }
    }

    /// Makes an object of the entity this class stands for in the context's model and inserts it:
    /// `Person(context: context)`.
    public convenience init(context: ManagedObjectContext) {
        guard let entity = context.model.entity(for: Self.self) else {
            fatalError("ObjectGraph: no entity of the model uses the class \(Self.self); name an entity \(Self.self), or set its managedObjectClass.")
        }
        self.init(entity: entity, insertInto: context)
    }

    /// Whether the object is inserted, changed or deleted since its context last saved.
    public var hasChanges: Bool { isInserted || isDeleted || isUpdated }
    public var isInserted: Bool { managedObjectContext?.insertedSet.contains(self) ?? false }
    public var isUpdated: Bool { managedObjectContext?.updatedSet.contains(self) ?? false }
    public var isDeleted: Bool { managedObjectContext?.deletedSet.contains(self) ?? false }

    // MARK: Key-value access

    /// The value of an attribute (its Swift type: `Int16`, `String`, `Date`…), the object of a
    /// to-one relationship, or a `Set<ManagedObject>` for a to-many relationship.
    open func value(forKey key: String) -> Any? {
        let property = self.property(key)
        return read(property)
    }

    /// Sets an attribute, or a relationship (keeping its inverse up to date). Numbers are
    /// converted to the attribute's type; a value of another type stops the program, as Core Data
    /// raises an exception.
    open func setValue(_ value: Any?, forKey key: String) {
        write(value, to: property(key))
    }

    /// A set that changes a to-many relationship in place, keeping inverses up to date.
    public func mutableSetValue(forKey key: String) -> RelationshipSet {
        guard let relationship = property(key) as? RelationshipDescription, relationship.isToMany else {
            fatalError("ObjectGraph: \(entity.name).\(key) is not a to-many relationship; mutableSetValue(forKey:) needs one.")
        }
        return RelationshipSet(owner: self, relationship: relationship)
    }

    /// The properties changed since the last save, with their new values.
    public func changedValues() -> [String: Any] {
        var result: [String: Any] = [:]
        let indexes = isNew ? Set(entity.properties.indices.filter { values[$0] != nil }) : changedIndexes
        for index in indexes {
            let property = entity.properties[index]
            result[property.name] = read(property) ?? Optional<Any>.none as Any
        }
        return result
    }

    /// The values as last saved or fetched, for the given keys (every attribute and to-one
    /// relationship when nil).
    public func committedValues(forKeys keys: [String]?) -> [String: Any] {
        guard let snapshot = snapshot ?? managedObjectContext?.committedSnapshot(of: self) else { return [:] }
        var result: [String: Any] = [:]
        for property in entity.properties where keys?.contains(property.name) ?? true {
            guard property.index < snapshot.count else { continue }
            if let relationship = property as? RelationshipDescription {
                guard !relationship.isToMany else { continue }
                let id = snapshot[property.index] as? ManagedObjectID
                result[property.name] = id.flatMap { managedObjectContext?.object(with: $0) } as Any
            } else {
                result[property.name] = snapshot[property.index] ?? Optional<Any>.none as Any
            }
        }
        return result
    }

    /// Whether a relationship's objects are still to be loaded (Core Data's
    /// `hasFault(forRelationshipNamed:)`).
    public func hasFault(forRelationshipNamed name: String) -> Bool {
        guard let relationship = entity.relationshipsByName[name] else { return false }
        if isFault { return true }
        return relationship.isToMany && values[relationship.index] == nil
    }

    func property(_ key: String) -> PropertyDescription {
        guard let property = entity.property(named: key) else {
            fatalError("ObjectGraph: the entity \(entity.name) is not key value coding-compliant for the key \"\(key)\".")
        }
        return property
    }

    // MARK: Identity

    public static func == (lhs: ManagedObject, rhs: ManagedObject) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    open var description: String {
        let id = objectID.map(\.description) ?? "(no ID)"
        guard !isFault else { return "<\(entity.name) \(id); data: <fault>>" }
        let fields = entity.properties.map { property -> String in
            let value = values[property.index]
            if let relationship = property as? RelationshipDescription {
                if relationship.isToMany {
                    guard let ids = value as? Set<ManagedObjectID> else { return "\(property.name) = <relationship fault>" }
                    return "\(property.name) = \(ids.count) object\(ids.count == 1 ? "" : "s")"
                }
                return "\(property.name) = \((value as? ManagedObjectID)?.description ?? "nil")"
            }
            return "\(property.name) = \(value.map { "\($0)" } ?? "nil")"
        }
        return "<\(entity.name) \(id); data: {\(fields.joined(separator: "; "))}>"
    }
}
