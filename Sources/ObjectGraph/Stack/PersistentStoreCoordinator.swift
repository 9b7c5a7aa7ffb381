import Foundation

/// Connects a model to its store: Core Data's `NSPersistentStoreCoordinator`. Contexts reach
/// the store through it. ObjectGraph supports one store per coordinator.
public final class PersistentStoreCoordinator {
    public let managedObjectModel: ManagedObjectModel
    private(set) var stores: [PersistentStore] = []

    public init(managedObjectModel: ManagedObjectModel) {
        self.managedObjectModel = managedObjectModel
    }

    /// The descriptions of the stores added so far.
    public var persistentStores: [PersistentStoreDescription] { stores.map(\.description) }

    /// Opens the store `description` names, creating it if needed and migrating it if it was
    /// made with an earlier model version.
    ///
    /// - Throws: ``ObjectGraphError/invalidModel(_:)`` for a model that contradicts itself; an
    ///   `NSError` with code 134100 for a store made with an incompatible model when migration is
    ///   turned off, or 134140 when no migration can be inferred.
    public func addPersistentStore(with description: PersistentStoreDescription) throws {
        guard stores.isEmpty else {
            throw ObjectGraphError.store("This coordinator already has a store; ObjectGraph supports one store per coordinator.")
        }
        guard managedObjectModel.problems.isEmpty else { throw ObjectGraphError.invalidModel(managedObjectModel.problems) }
        managedObjectModel.resolveClasses()
        let store: PersistentStore
        switch description.type {
        case .sqlite: store = try SQLiteStore(description: description)
        case .inMemory: store = InMemoryStore(description: description)
        }
        do {
            try store.load(model: managedObjectModel)
        } catch {
            store.close()
            throw error
        }
        stores.append(store)
    }

    /// Closes the store: the counterpart of `remove(_:)`.
    public func removePersistentStores() {
        for store in stores { store.close() }
        stores = []
    }

    var store: PersistentStore {
        guard let store = stores.first else {
            fatalError("ObjectGraph: this coordinator has no persistent store; call loadPersistentStores before using a context.")
        }
        return store
    }
}
