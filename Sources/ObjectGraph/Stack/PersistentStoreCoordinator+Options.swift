import Foundation

/// Core Data's store type names (`NSSQLiteStoreType`, `NSInMemoryStoreType`).
public let SQLiteStoreType = StoreType.sqlite.rawValue
public let InMemoryStoreType = StoreType.inMemory.rawValue
/// Core Data's option keys, with the same strings: migrate a store made with an older model
/// version, and infer how.
public let MigratePersistentStoresAutomaticallyOption = "NSMigratePersistentStoresAutomaticallyOption"
public let InferMappingModelAutomaticallyOption = "NSInferMappingModelAutomaticallyOption"

extension PersistentStoreCoordinator {
    /// Opens a store the way code written before `NSPersistentContainer` does: Core Data's
    /// `addPersistentStore(ofType:configurationName:at:options:)`.
    ///
    /// ```swift
    /// let options = [MigratePersistentStoresAutomaticallyOption: true,
    ///                InferMappingModelAutomaticallyOption: true]
    /// try coordinator.addPersistentStore(ofType: SQLiteStoreType, configurationName: nil, at: url, options: options)
    /// ```
    ///
    /// As in Core Data, and unlike a container's descriptions, a store opened this way migrates
    /// only when `options` asks for both. ObjectGraph models have one configuration, so
    /// `configurationName` must be nil or `"Default"`.
    /// - Returns: the description of the store opened.
    @discardableResult
    public func addPersistentStore(
        ofType storeType: String, configurationName: String?, at storeURL: URL?, options: [AnyHashable: Any]?
    ) throws -> PersistentStoreDescription {
        guard let type = StoreType(rawValue: storeType) else {
            throw ObjectGraphError.store("ObjectGraph has no store of type \(storeType); use SQLiteStoreType or InMemoryStoreType.")
        }
        guard configurationName == nil || configurationName == "Default" else {
            throw ObjectGraphError.store("ObjectGraph models have one configuration, not \(configurationName!).")
        }
        let description = PersistentStoreDescription(type: type, url: storeURL)
        description.shouldMigrateStoreAutomatically = Self.flag(options?[MigratePersistentStoresAutomaticallyOption])
        description.shouldInferMappingModelAutomatically = Self.flag(options?[InferMappingModelAutomaticallyOption])
        try addPersistentStore(with: description)
        return description
    }

    /// `true`, or an `NSNumber` or integer that is not 0.
    private static func flag(_ value: Any?) -> Bool {
        switch value {
        case let flag as Bool: return flag
        case let number as NSNumber: return number.boolValue
        case let number as Int: return number != 0
        default: return false
        }
    }
}

extension PersistentStoreDescription {
    /// Sets an option by Core Data's key: `setOption(true as NSNumber, forKey: MigratePersistentStoresAutomaticallyOption)`.
    public func setOption(_ option: NSObject?, forKey key: String) {
        let flag = (option as? NSNumber)?.boolValue ?? false
        switch key {
        case MigratePersistentStoresAutomaticallyOption: shouldMigrateStoreAutomatically = flag
        case InferMappingModelAutomaticallyOption: shouldInferMappingModelAutomatically = flag
        default: break
        }
    }
}
