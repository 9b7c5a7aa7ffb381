/// The identity of one object in one store: Core Data's `NSManagedObjectID`.
///
/// An object gets its primary key when it is inserted, so its ID never changes; until its
/// context saves, ``isTemporaryID`` is true, as in Core Data. Two IDs are equal when they name
/// the same row of the same entity in the same store.
public final class ManagedObjectID: Hashable, CustomStringConvertible {
    public let entity: EntityDescription
    /// The row's `Z_PK`.
    public let primaryKey: Int64
    /// Whether the object has never been saved.
    public internal(set) var isTemporaryID: Bool
    /// The store's identifier, so that IDs of different stores never compare equal.
    let storeIdentifier: String

    init(entity: EntityDescription, primaryKey: Int64, storeIdentifier: String, isTemporary: Bool = false) {
        self.entity = entity
        self.primaryKey = primaryKey
        self.storeIdentifier = storeIdentifier
        self.isTemporaryID = isTemporary
    }

    public static func == (lhs: ManagedObjectID, rhs: ManagedObjectID) -> Bool {
        lhs.primaryKey == rhs.primaryKey && lhs.entity === rhs.entity && lhs.storeIdentifier == rhs.storeIdentifier
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(primaryKey)
        hasher.combine(ObjectIdentifier(entity))
    }

    /// `objectgraph://<store>/<Entity>/p<key>`, like Core Data's `x-coredata://` URIs.
    public var uriRepresentation: String { "objectgraph://\(storeIdentifier)/\(entity.name)/p\(primaryKey)" }

    public var description: String { "<\(uriRepresentation)\(isTemporaryID ? " temporary" : "")>" }
}
