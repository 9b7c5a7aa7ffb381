import Foundation

/// Foundation's file, property-list and archiving errors by the names of their `CocoaError.Code`
/// constants, so that a case can expect `CocoaError.fileWriteFileExists` whether the code threw
/// a `CocoaError` or an `NSError` in the Cocoa domain (as `PropertyListSerialization` does).
enum CocoaErrorNames {
    static let byCode: [Int: String] = [
        4: "fileNoSuchFile", 255: "fileLocking", 256: "fileReadUnknown", 257: "fileReadNoPermission",
        258: "fileReadInvalidFileName", 259: "fileReadCorruptFile", 260: "fileReadNoSuchFile",
        261: "fileReadInapplicableStringEncoding", 262: "fileReadUnsupportedScheme", 263: "fileReadTooLarge",
        264: "fileReadUnknownStringEncoding", 512: "fileWriteUnknown", 513: "fileWriteNoPermission",
        514: "fileWriteInvalidFileName", 516: "fileWriteFileExists", 517: "fileWriteInapplicableStringEncoding",
        518: "fileWriteUnsupportedScheme", 640: "fileWriteOutOfSpace", 642: "fileWriteVolumeReadOnly",
        3840: "propertyListReadCorrupt", 3841: "propertyListReadUnknownVersion", 3842: "propertyListReadStream",
        3851: "propertyListWriteStream", 3852: "propertyListWriteInvalid",
        4864: "coderReadCorrupt", 4865: "coderValueNotFound", 4866: "coderInvalidValue",
        // Core Data's (ObjectGraph's) validation, store and migration errors.
        1560: "validationMultipleErrors", 1570: "validationMissingMandatoryProperty",
        1580: "validationRelationshipLacksMinimumCount", 1590: "validationRelationshipExceedsMaximumCount",
        1600: "validationRelationshipDeniedDelete", 1610: "validationNumberTooLarge", 1620: "validationNumberTooSmall",
        1630: "validationDateTooLate", 1640: "validationDateTooSoon", 1650: "validationInvalidDate",
        1660: "validationStringTooLong", 1670: "validationStringTooShort", 1680: "validationStringPatternMatching",
        133000: "managedObjectReferentialIntegrity", 133020: "managedObjectMerge", 134060: "coreData", 134100: "persistentStoreIncompatibleVersionHash",
        134110: "migration", 134130: "migrationMissingSourceModel", 134140: "migrationMissingMappingModel",
    ]

    /// `fileWriteFileExists` for a Cocoa-domain error with a known code, `code 9999` for
    /// another; nil for errors of other domains.
    static func caseName(of error: Error) -> String? {
        // Any error bridges to NSError (DecodingError into the Cocoa domain, too): only
        // CocoaError values and NSError objects are named here.
        guard Swift.type(of: error) == CocoaError.self || error is NSError && !(error is DecodingError) && !(error is EncodingError)
        else { return nil }
        let bridged = error as NSError
        guard bridged.domain == NSCocoaErrorDomain else { return nil }
        return byCode[bridged.code] ?? "code \(bridged.code)"
    }
}
