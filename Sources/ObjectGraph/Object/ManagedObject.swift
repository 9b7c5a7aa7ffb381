import Foundation

/// An object of the graph: Core Data's `NSManagedObject`. (Skeleton; filled in next.)
open class ManagedObject: Hashable, KeyValueReading {
    public let entity: EntityDescription
    public internal(set) var objectID: ManagedObjectID!

    public required init(entity: EntityDescription) {
        self.entity = entity
    }

    open func value(forKey key: String) -> Any? { nil }

    public static func == (lhs: ManagedObject, rhs: ManagedObject) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
