import Foundation

/// Objects inserted, updated and deleted together.
struct ObjectChanges {
    var inserted = Set<ManagedObject>()
    var updated = Set<ManagedObject>()
    var deleted = Set<ManagedObject>()

    var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

    var userInfo: [String: Any] {
        [InsertedObjectsKey: inserted, UpdatedObjectsKey: updated, DeletedObjectsKey: deleted]
    }
}

extension Notification.Name {
    /// Posted by a context when it processes its pending changes (at save, before a fetch, or
    /// when ``ManagedObjectContext/processPendingChanges()`` is called), with the sets under
    /// ``InsertedObjectsKey``, ``UpdatedObjectsKey`` and ``DeletedObjectsKey``.
    public static let managedObjectContextObjectsDidChange = Notification.Name("ObjectGraphObjectsDidChange")
    /// Posted by a context after it saved, with the saved sets.
    public static let managedObjectContextDidSave = Notification.Name("ObjectGraphContextDidSave")
}

public let InsertedObjectsKey = "inserted"
public let UpdatedObjectsKey = "updated"
public let DeletedObjectsKey = "deleted"
