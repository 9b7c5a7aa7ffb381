import Foundation

/// Errors of ObjectGraph itself: a model that cannot work, a database that fails, a model file
/// that cannot be read. Errors a Core Data app would meet (validation, incompatible store) are
/// `NSError`s in `NSCocoaErrorDomain` with Core Data's codes instead; see ``CocoaError/Code``.
public enum ObjectGraphError: Error, CustomStringConvertible, Equatable {
    /// The model contradicts itself: each line names the entity and property.
    case invalidModel([String])
    /// SQLite refused a statement or a database.
    case sqlite(code: Int32, message: String, statement: String?)
    /// A value of the wrong type for its attribute.
    case unacceptableValue(String)
    /// A model file could not be read; the message names the file, line, column and field.
    case modelFile(String)
    /// A store could not be added to the coordinator.
    case store(String)

    public var description: String {
        switch self {
        case .invalidModel(let problems):
            "The model is not valid:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
                + "\nFix the entities named above; a relationship's destination and inverse must exist."
        case .sqlite(let code, let message, let statement):
            "SQLite error \(code): \(message)" + (statement.map { " (in `\($0)`)" } ?? "")
        case .unacceptableValue(let message): message
        case .modelFile(let message): message
        case .store(let message): message
        }
    }
}

// Core Data's error codes, as Apple's SDKs name them on `CocoaError.Code`.
extension CocoaError.Code {
    public static let validationMultipleErrors = CocoaError.Code(rawValue: 1560)
    public static let validationMissingMandatoryProperty = CocoaError.Code(rawValue: 1570)
    public static let validationRelationshipLacksMinimumCount = CocoaError.Code(rawValue: 1580)
    public static let validationRelationshipExceedsMaximumCount = CocoaError.Code(rawValue: 1590)
    public static let validationRelationshipDeniedDelete = CocoaError.Code(rawValue: 1600)
    public static let validationNumberTooLarge = CocoaError.Code(rawValue: 1610)
    public static let validationNumberTooSmall = CocoaError.Code(rawValue: 1620)
    public static let validationDateTooLate = CocoaError.Code(rawValue: 1630)
    public static let validationDateTooSoon = CocoaError.Code(rawValue: 1640)
    public static let validationInvalidDate = CocoaError.Code(rawValue: 1650)
    public static let validationStringTooLong = CocoaError.Code(rawValue: 1660)
    public static let validationStringTooShort = CocoaError.Code(rawValue: 1670)
    public static let validationStringPatternMatching = CocoaError.Code(rawValue: 1680)
    /// A save met changes another context saved meanwhile, under the error merge policy
    /// (Core Data's `NSManagedObjectMergeError`); the conflicts are under ``ConflictListKey``.
    public static let managedObjectMerge = CocoaError.Code(rawValue: 133020)
    public static let persistentStoreIncompatibleVersionHash = CocoaError.Code(rawValue: 134100)
    public static let migrationMissingSourceModel = CocoaError.Code(rawValue: 134130)
    public static let migrationMissingMappingModel = CocoaError.Code(rawValue: 134140)
    public static let migration = CocoaError.Code(rawValue: 134110)
}

// Core Data's error codes as plain integers, named as Core Data names them without `NS`.
public let ValidationMultipleErrorsError = 1560
public let ValidationMissingMandatoryPropertyError = 1570
public let ValidationRelationshipLacksMinimumCountError = 1580
public let ValidationRelationshipExceedsMaximumCountError = 1590
public let ValidationRelationshipDeniedDeleteError = 1600
public let ValidationNumberTooLargeError = 1610
public let ValidationNumberTooSmallError = 1620
public let ValidationDateTooLateError = 1630
public let ValidationDateTooSoonError = 1640
public let ValidationStringTooLongError = 1660
public let ValidationStringTooShortError = 1670
public let ValidationStringPatternMatchingError = 1680
public let PersistentStoreIncompatibleVersionHashError = 134100
public let MigrationMissingMappingModelError = 134140

// The user-info keys of validation errors, with the strings Core Data uses.
public let ValidationObjectErrorKey = "NSValidationErrorObject"
public let ValidationKeyErrorKey = "NSValidationErrorKey"
public let ValidationValueErrorKey = "NSValidationErrorValue"
public let DetailedErrorsKey = "NSDetailedErrors"
/// The ``MergeConflict``s of a merge error (133020), as Core Data's `"conflictList"`.
public let ConflictListKey = "conflictList"
public let AffectedObjectsErrorKey = "NSAffectedObjectsErrorKey"

enum CoreDataError {
    /// An `NSError` in the Cocoa domain, with a description a learner can act on.
    static func make(_ code: CocoaError.Code, _ description: String, _ userInfo: [String: Any] = [:]) -> NSError {
        var info = userInfo
        info[NSLocalizedDescriptionKey] = description
        return NSError(domain: NSCocoaErrorDomain, code: code.rawValue, userInfo: info)
    }
}
