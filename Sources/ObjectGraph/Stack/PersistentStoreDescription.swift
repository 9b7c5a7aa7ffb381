import Foundation

/// The kinds of store: Core Data's `NSPersistentStore.StoreType`.
public enum StoreType: String {
    case sqlite = "SQLite"
    case inMemory = "InMemory"
}

/// How to open one store: Core Data's `NSPersistentStoreDescription`.
public final class PersistentStoreDescription: CustomStringConvertible {
    public var type: StoreType
    /// Where a SQLite store lives. An in-memory store has none.
    public var url: URL?
    /// Migrate a store made with an older model version when it is opened (true by default,
    /// as in `NSPersistentContainer`).
    public var shouldMigrateStoreAutomatically = true
    /// Infer the migration from the two models (true by default).
    public var shouldInferMappingModelAutomatically = true
    /// Print the SQL the store runs (see ``SQLLog``): the `SQLDebug` counterpart. Defaults to
    /// the `OBJECTGRAPH_SQL_DEBUG` environment variable.
    public var sqlLog = SQLLog()

    public init(url: URL) {
        self.type = .sqlite
        self.url = url
    }

    public init(type: StoreType, url: URL? = nil) {
        self.type = type
        self.url = url
    }

    public var description: String { "<\(type.rawValue) store\(url.map { " at \($0.path)" } ?? "")>" }
}
