import Foundation

// Conflicts at save: rows another context saved or deleted after this one read them, resolved
// by the context's merge policy.
extension ManagedObjectContext {
    /// Makes the conflicting objects ready to be saved again as ``mergePolicy`` says, or throws
    /// the merge error (133020) when it is the error policy, or when another context deleted a
    /// row this one changed (no policy writes a deleted row back).
    func resolve(_ found: StoreConflicts) throws {
        let conflicts = objects(of: found)
        guard mergePolicy.mergeType != .errorMergePolicyType, conflicts.allSatisfy({ $0.1.current != nil || deletedSet.contains($0.0) })
        else { throw mergeError(found) }
        for (object, conflict) in conflicts {
            guard let row = conflict.current else {
                // Deleted here and there: nothing is left to delete.
                object.version = 0
                continue
            }
            let columns = object.entity.columnIndexes
            object.version = row.version
            // A delete goes ahead whatever the policy: the other context's changes are gone with the row.
            guard !deletedSet.contains(object) else { continue }
            var snapshot = object.snapshot ?? row.values
            for index in columns { snapshot[index] = row.values[index] }
            switch mergePolicy.mergeType {
            case .errorMergePolicyType:
                break
            case .overwriteMergePolicyType:
                object.changedIndexes.formUnion(columns)
            case .mergeByPropertyObjectTrumpMergePolicyType:
                for index in columns where !object.changedIndexes.contains(index) { object.values[index] = row.values[index] }
            case .mergeByPropertyStoreTrumpMergePolicyType:
                for index in columns {
                    let changedThere = !Self.same(row.values[index], object.snapshot?[index] ?? nil)
                    if changedThere || !object.changedIndexes.contains(index) {
                        object.values[index] = row.values[index]
                        object.changedIndexes.remove(index)
                    }
                }
            case .rollbackMergePolicyType:
                for index in columns { object.values[index] = row.values[index] }
                object.changedIndexes = []
                updatedSet.remove(object)
            }
            object.snapshot = snapshot
        }
    }

    private func objects(of found: StoreConflicts) -> [(ManagedObject, StoreConflicts.Conflict)] {
        found.conflicts.compactMap { conflict in
            registry[store.objectID(conflict.entity, conflict.primaryKey)].map { ($0, conflict) }
        }
    }

    /// The error a save throws for conflicts it does not resolve: Core Data's
    /// `NSManagedObjectMergeError`, with a ``MergeConflict`` for each under ``ConflictListKey``.
    func mergeError(_ found: StoreConflicts) -> NSError {
        let list = objects(of: found).map { object, conflict in
            MergeConflict(
                sourceObject: object, objectSnapshot: Self.dictionary(object.values, of: object.entity),
                persistedSnapshot: conflict.current.map { Self.dictionary($0.values, of: object.entity) },
                oldVersionNumber: Int(conflict.expectedVersion), newVersionNumber: Int(conflict.current?.version ?? 0))
        }
        let names = list.map { "\($0.sourceObject.entity.name) \($0.sourceObject.objectID.primaryKey)" }.joined(separator: ", ")
        return CoreDataError.make(
            .managedObjectMerge,
            "Could not merge changes: another context saved or deleted \(names) after this context read it. "
                + "Set the context's mergePolicy to resolve such conflicts, or refresh the objects and change them again.",
            [ConflictListKey: list])
    }

    /// Attribute and to-one values by property name, as a conflict shows them.
    private static func dictionary(_ values: [Any?], of entity: EntityDescription) -> [String: Any] {
        var result: [String: Any] = [:]
        for index in entity.columnIndexes where index < values.count {
            result[entity.properties[index].name] = values[index] ?? NSNull()
        }
        return result
    }

    /// Whether two stored values are the same value.
    static func same(_ first: Any?, _ second: Any?) -> Bool {
        switch (first, second) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case let (first?, second?):
            if let first = first as? AnyHashable, let second = second as? AnyHashable { return first == second }
            return String(describing: first) == String(describing: second)
        }
    }
}
