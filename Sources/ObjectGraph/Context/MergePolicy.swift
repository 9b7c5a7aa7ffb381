import Foundation

/// The kinds of merge policy: Core Data's `NSMergePolicyType`.
public enum MergePolicyType: UInt {
    /// A conflict makes the save fail with error 133020 (``CocoaError/Code/managedObjectMerge``).
    case errorMergePolicyType = 0
    /// Property by property, what the other context saved wins.
    case mergeByPropertyStoreTrumpMergePolicyType = 1
    /// Property by property, this context's changes win.
    case mergeByPropertyObjectTrumpMergePolicyType = 2
    /// The whole object as this context holds it is written over the row.
    case overwriteMergePolicyType = 3
    /// This context's changes to the object are dropped; the row stays as saved.
    case rollbackMergePolicyType = 4
}

/// How a context's save resolves a conflict: an object it changed or deleted whose row another
/// context saved (or deleted) after this context read it. Core Data's `NSMergePolicy`.
///
/// Rows carry a version (`Z_OPT`) that each save of the object raises; a save whose object was
/// read with an older version than the row now has meets a conflict (optimistic locking). The
/// default, ``error``, makes the save throw and write nothing; the others resolve the conflict
/// and save.
///
/// ```swift
/// context.mergePolicy = MergePolicy.mergeByPropertyObjectTrump   // or MergeByPropertyObjectTrumpMergePolicy
/// ```
public final class MergePolicy: CustomStringConvertible {
    public let mergeType: MergePolicyType

    public init(merge type: MergePolicyType) {
        mergeType = type
    }

    public static let error = MergePolicy(merge: .errorMergePolicyType)
    public static let mergeByPropertyStoreTrump = MergePolicy(merge: .mergeByPropertyStoreTrumpMergePolicyType)
    public static let mergeByPropertyObjectTrump = MergePolicy(merge: .mergeByPropertyObjectTrumpMergePolicyType)
    public static let overwrite = MergePolicy(merge: .overwriteMergePolicyType)
    public static let rollback = MergePolicy(merge: .rollbackMergePolicyType)

    public var description: String {
        switch mergeType {
        case .errorMergePolicyType: "error"
        case .mergeByPropertyStoreTrumpMergePolicyType: "mergeByPropertyStoreTrump"
        case .mergeByPropertyObjectTrumpMergePolicyType: "mergeByPropertyObjectTrump"
        case .overwriteMergePolicyType: "overwrite"
        case .rollbackMergePolicyType: "rollback"
        }
    }
}

/// Core Data's `NSErrorMergePolicy`, the default.
public let ErrorMergePolicy = MergePolicy.error
/// Core Data's `NSMergeByPropertyStoreTrumpMergePolicy`.
public let MergeByPropertyStoreTrumpMergePolicy = MergePolicy.mergeByPropertyStoreTrump
/// Core Data's `NSMergeByPropertyObjectTrumpMergePolicy`.
public let MergeByPropertyObjectTrumpMergePolicy = MergePolicy.mergeByPropertyObjectTrump
/// Core Data's `NSOverwriteMergePolicy`.
public let OverwriteMergePolicy = MergePolicy.overwrite
/// Core Data's `NSRollbackMergePolicy`.
public let RollbackMergePolicy = MergePolicy.rollback

/// One conflict of a failed save: Core Data's `NSMergeConflict`.
public final class MergeConflict: CustomStringConvertible {
    /// The object this context changed or deleted.
    public let sourceObject: ManagedObject
    /// Its values in this context, by property name (attributes and to-one relationships).
    public let objectSnapshot: [String: Any]?
    /// The row's values as another context saved them; nil when it deleted the row.
    public let persistedSnapshot: [String: Any]?
    /// The version this context read the object with.
    public let oldVersionNumber: Int
    /// The row's version now; 0 when it was deleted.
    public let newVersionNumber: Int

    init(sourceObject: ManagedObject, objectSnapshot: [String: Any]?, persistedSnapshot: [String: Any]?, oldVersionNumber: Int,
         newVersionNumber: Int) {
        self.sourceObject = sourceObject
        self.objectSnapshot = objectSnapshot
        self.persistedSnapshot = persistedSnapshot
        self.oldVersionNumber = oldVersionNumber
        self.newVersionNumber = newVersionNumber
    }

    public var description: String {
        "MergeConflict(\(sourceObject.entity.name) \(sourceObject.objectID.primaryKey): version \(oldVersionNumber) in this context, "
            + (persistedSnapshot == nil ? "deleted from the store)" : "\(newVersionNumber) in the store)")
    }
}
