import Foundation
import SQLite3

/// A store in one SQLite file, laid out as Core Data lays out its stores (see ``StoreSchema``),
/// with the model it was made with recorded in `Z_METADATA` so that a later model version can
/// migrate it.
final class SQLiteStore: PersistentStore {
    private(set) var identifier = UUID().uuidString
    let description: PersistentStoreDescription
    private let database: SQLiteDatabase
    private var lastKeys: [ObjectIdentifier: Int64] = [:]
    private let lock = NSLock()
    private var model: ManagedObjectModel?

    init(description: PersistentStoreDescription) throws {
        guard let url = description.url else {
            throw ObjectGraphError.store("A SQLite store needs a URL; set PersistentStoreDescription.url.")
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        self.description = description
        self.database = try SQLiteDatabase(path: url.path, log: description.sqlLog)
    }

    func load(model: ManagedObjectModel) throws {
        try lock.withLock {
            try database.execute("PRAGMA journal_mode = WAL")
            let tables = try database.query("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { row -> String? in
                if case .text(let name) = row.first { return name }
                return nil
            }
            if tables.contains(StoreMetadata.table) {
                try addVersions(to: tables)
                let metadata = try StoreMetadata.read(from: database)
                identifier = metadata.identifier
                if metadata.model.versionHash != model.versionHash {
                    try migrate(from: metadata, to: model)
                }
            } else if tables.isEmpty {
                try database.transaction {
                    for statement in StoreSchema.createStatements(for: model) { try database.execute(statement) }
                    try StoreMetadata(identifier: identifier, model: StoredModel(model)).write(to: database)
                }
            } else {
                throw ObjectGraphError.store(
                    "\(description.url!.path) is a SQLite database that ObjectGraph did not make (it has no \(StoreMetadata.table) table); open an ObjectGraph store, or a new file.")
            }
            self.model = model
            for entity in model.entities {
                let row = try database.query("SELECT MAX(\(StoreSchema.primaryKey)) FROM \(StoreSchema.table(entity))")
                if case .integer(let key) = row.first?.first { lastKeys[ObjectIdentifier(entity)] = key }
            }
        }
    }

    /// Gives the entity tables of a store written before rows had versions a `Z_OPT` column, every
    /// row at version 1.
    private func addVersions(to tables: [String]) throws {
        // Entity tables are `Z` and the entity's name; join tables and metadata start with `Z_`.
        let entityTables = tables.filter { $0.hasPrefix("Z") && !$0.hasPrefix("Z_") }
        let missing = try entityTables.filter { table in
            try !database.query("PRAGMA table_info(\(table))").contains { row in
                if case .text(let name) = row[1] { return name == StoreSchema.version }
                return false
            }
        }
        guard !missing.isEmpty else { return }
        try database.transaction {
            for table in missing {
                try database.execute("ALTER TABLE \(table) ADD COLUMN \(StoreSchema.version) INTEGER")
                try database.execute("UPDATE \(table) SET \(StoreSchema.version) = 1")
            }
        }
    }

    private func migrate(from metadata: StoreMetadata, to model: ManagedObjectModel) throws {
        guard description.shouldMigrateStoreAutomatically else {
            throw CoreDataError.make(
                .persistentStoreIncompatibleVersionHash,
                "The model used to open the store is incompatible with the one used to create the store. "
                    + "Turn on shouldMigrateStoreAutomatically to migrate it.",
                ["sourceModelVersion": metadata.model.versionIdentifier ?? "", "destinationModelVersion": model.versionIdentifier ?? ""])
        }
        // Core Data finds the store's source model among the versions in the bundle: a version
        // changed in place rather than added leaves none that matches.
        if let known = model.knownVersionHashes, !known.contains(metadata.model.versionHash) {
            throw CoreDataError.make(
                .migrationMissingSourceModel,
                "Can't find the model for the source store: no version of the model file is the one the store was made with. "
                    + "Keep that version in the model file and add the changes as a new version.",
                ["destinationModelVersion": model.versionIdentifier ?? ""])
        }
        // Migrating without inferring needs a mapping model, which ObjectGraph has none of: Core
        // Data's error when it finds no mapping model.
        guard description.shouldInferMappingModelAutomatically else {
            throw CoreDataError.make(
                .migrationMissingMappingModel,
                "Can't find a mapping model for the migration: turn on shouldInferMappingModelAutomatically for a lightweight migration.",
                ["sourceModelVersion": metadata.model.versionIdentifier ?? "", "destinationModelVersion": model.versionIdentifier ?? ""])
        }
        let migration = try LightweightMigration(from: metadata.model, to: model)
        try database.transaction {
            for statement in migration.statements { try database.execute(statement) }
            try StoreMetadata(identifier: identifier, model: StoredModel(model)).write(to: database)
        }
    }

    func allocatePrimaryKeys(for entity: EntityDescription, count: Int) -> Int64 {
        lock.withLock {
            let first = (lastKeys[ObjectIdentifier(entity)] ?? 0) + 1
            lastKeys[ObjectIdentifier(entity)] = first + Int64(count) - 1
            return first
        }
    }

    // MARK: Reading

    private func selectColumns(_ entity: EntityDescription) -> [String] {
        ["t0.\(StoreSchema.primaryKey)", "t0.\(StoreSchema.version)"]
            + RowDecoder.storedProperties(of: entity).map { "t0.\(StoreSchema.column($0))" }
    }

    private func selectList(_ entity: EntityDescription) -> String { selectColumns(entity).joined(separator: ", ") }

    private func decoder(_ entity: EntityDescription) -> RowDecoder {
        RowDecoder(entity: entity) { [identifier] destination, key in
            ManagedObjectID(entity: destination, primaryKey: key, storeIdentifier: identifier)
        }
    }

    func row(of entity: EntityDescription, primaryKey: Int64) throws -> StoreRow? {
        try rows(of: entity, primaryKeys: [primaryKey]).first
    }

    func rows(of entity: EntityDescription, primaryKeys: [Int64]) throws -> [StoreRow] {
        guard !primaryKeys.isEmpty else { return [] }
        return try lock.withLock {
            var rows: [StoreRow] = []
            for start in stride(from: 0, to: primaryKeys.count, by: Self.keysPerQuery) {
                let chunk = primaryKeys[start..<min(start + Self.keysPerQuery, primaryKeys.count)]
                let sql = "SELECT \(selectList(entity)) FROM \(StoreSchema.table(entity)) t0 WHERE t0.\(StoreSchema.primaryKey) \(Self.marks(chunk.count))"
                rows += try timedFetch(sql, chunk.map { .integer($0) }, entity)
            }
            return rows
        }
    }

    private func timedFetch(_ sql: String, _ bindings: [SQLValue], _ entity: EntityDescription) throws -> [StoreRow] {
        let start = Date()
        let decoder = decoder(entity)
        var rows: [StoreRow] = []
        try database.query(sql, bindings, rows: { rows.append(try decoder.decode($0)) })
        database.log.fetch(rows: rows.count, seconds: Date().timeIntervalSince(start))
        return rows
    }

    func fetch(_ request: StoreFetch, keysOnly: Bool) throws -> StoreFetchResult {
        try lock.withLock {
            let query = try SQLFetchQuery(request: request, columns: keysOnly ? ["t0.\(StoreSchema.primaryKey)"] : selectColumns(request.entity))
            let start = Date()
            var rows: [StoreRow] = []
            if keysOnly {
                try database.query(query.sql, query.bindings, rows: { row in
                    guard row.type(0) == SQLITE_INTEGER else { return }
                    rows.append(StoreRow(primaryKey: row.int64(0), values: []))
                })
            } else {
                let decoder = decoder(request.entity)
                try database.query(query.sql, query.bindings, rows: { rows.append(try decoder.decode($0)) })
            }
            database.log.fetch(rows: rows.count, seconds: Date().timeIntervalSince(start))
            return StoreFetchResult(rows: rows, appliedPredicate: query.appliedPredicate, appliedSort: query.appliedSort, appliedLimit: query.appliedLimit)
        }
    }

    func count(_ request: StoreFetch) throws -> Int? {
        try lock.withLock {
            guard let query = try SQLFetchQuery(countOf: request) else { return nil }
            guard case .integer(let count) = try database.query(query.sql, query.bindings).first?.first else { return 0 }
            return Int(count)
        }
    }

    func relatedKeys(of entity: EntityDescription, primaryKey: Int64, through relationship: RelationshipDescription) throws -> [Int64] {
        try lock.withLock {
            let sql: String
            if let join = StoreSchema.joinTable(relationship) {
                sql = "SELECT \(join.destinationColumn) FROM \(join.name) WHERE \(join.sourceColumn) = ? ORDER BY 1"
            } else if let inverse = relationship.inverseRelationship, let destination = relationship.destinationEntity {
                sql = "SELECT \(StoreSchema.primaryKey) FROM \(StoreSchema.table(destination)) WHERE \(StoreSchema.column(inverse)) = ? ORDER BY 1"
            } else {
                return []
            }
            return try database.query(sql, [.integer(primaryKey)]).compactMap { row in
                if case .integer(let key) = row[0] { return key }
                return nil
            }
        }
    }

    /// At most this many keys in one `IN (…)` list, well under SQLite's limit on a statement's
    /// parameters.
    static let keysPerQuery = 500

    func rows(of entity: EntityDescription, whose relationship: RelationshipDescription, isIn keys: [Int64]) throws -> [StoreRow] {
        try lock.withLock {
            var rows: [StoreRow] = []
            for start in stride(from: 0, to: keys.count, by: Self.keysPerQuery) {
                let chunk = keys[start..<min(start + Self.keysPerQuery, keys.count)]
                let sql = "SELECT \(selectList(entity)) FROM \(StoreSchema.table(entity)) t0 WHERE t0.\(StoreSchema.column(relationship)) "
                    + Self.marks(chunk.count) + " ORDER BY t0.\(StoreSchema.primaryKey)"
                rows += try timedFetch(sql, chunk.map { .integer($0) }, entity)
            }
            return rows
        }
    }

    func joinedKeys(of entity: EntityDescription, primaryKeys: [Int64], through relationship: RelationshipDescription) throws
        -> [(source: Int64, destination: Int64)]
    {
        guard let join = StoreSchema.joinTable(relationship) else { return [] }
        return try lock.withLock {
            var pairs: [(source: Int64, destination: Int64)] = []
            for start in stride(from: 0, to: primaryKeys.count, by: Self.keysPerQuery) {
                let chunk = primaryKeys[start..<min(start + Self.keysPerQuery, primaryKeys.count)]
                let sql = "SELECT \(join.sourceColumn), \(join.destinationColumn) FROM \(join.name) WHERE \(join.sourceColumn) "
                    + Self.marks(chunk.count) + " ORDER BY 1, 2"
                for row in try database.query(sql, chunk.map { .integer($0) }) {
                    if case .integer(let source) = row[0], case .integer(let destination) = row[1] { pairs.append((source, destination)) }
                }
            }
            return pairs
        }
    }

    /// `= ?` for one value, `IN (?, ?, …)` for more.
    private static func marks(_ count: Int) -> String {
        count == 1 ? "= ?" : "IN (" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }

    // MARK: Writing

    func save(_ changes: StoreChanges) throws {
        try lock.withLock {
            try database.transaction {
                try write(changes)
            }
        }
    }

    private func write(_ changes: StoreChanges) throws {
        // Inserts of one entity share one prepared statement, run once per object.
        for group in changes.inserts {
            let entity = group.entity
            let columnIndexes = entity.columnIndexes
            let names = [StoreSchema.primaryKey, StoreSchema.version] + columnIndexes.map { StoreSchema.column(entity.properties[$0]) }
            let sql = "INSERT INTO \(StoreSchema.table(entity)) (\(names.joined(separator: ", "))) VALUES ("
                + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
            try group.rows.withUnsafeBufferPointer { rows in
                try database.run(sql, times: rows.count) { index, row in
                    try append(rows[index].primaryKey, version: 1, rows[index].values, entity, columnIndexes, to: &row)
                }
            }
        }
        // An update or a delete names the version its object was read with, as Core Data's do: a
        // row another context saved or deleted meanwhile is not touched, and is a conflict.
        var stale: [(entity: EntityDescription, primaryKey: Int64, expectedVersion: Int64)] = []
        for write in changes.updates {
            let sets = (write.columnIndexes.map { StoreSchema.column(write.entity.properties[$0]) } + [StoreSchema.version])
                .map { "\($0) = ?" }.joined(separator: ", ")
            let sql = "UPDATE \(StoreSchema.table(write.entity)) SET \(sets) WHERE \(StoreSchema.primaryKey) = ? AND \(Self.versionIs)"
            var row: [SQLValue] = []
            try append(write.primaryKey, write.values, write.entity, write.columnIndexes, to: &row)
            let bindings = row.dropFirst() + [.integer(write.expectedVersion + 1), .integer(write.primaryKey), .integer(write.expectedVersion)]
            try database.run(sql, eachOf: [Array(bindings)])
            if database.changes == 0 { stale.append((write.entity, write.primaryKey, write.expectedVersion)) }
        }
        for delete in changes.deletes {
            let entity = delete.entity, key = delete.primaryKey
            // An object deleted without ever being read (a cascade's fault) has no version to hold
            // the row to.
            if delete.expectedVersion > 0 {
                try database.run("DELETE FROM \(StoreSchema.table(entity)) WHERE \(StoreSchema.primaryKey) = ? AND \(Self.versionIs)",
                                 eachOf: [[.integer(key), .integer(delete.expectedVersion)]])
                if database.changes == 0 { stale.append((entity, key, delete.expectedVersion)) }
            } else {
                try database.run("DELETE FROM \(StoreSchema.table(entity)) WHERE \(StoreSchema.primaryKey) = ?", eachOf: [[.integer(key)]])
            }
            for relationship in entity.relationships {
                guard let join = StoreSchema.joinTable(relationship) else { continue }
                try database.run("DELETE FROM \(join.name) WHERE \(join.sourceColumn) = ?", eachOf: [[.integer(key)]])
            }
        }
        if !stale.isEmpty {
            throw StoreConflicts(conflicts: try stale.map { row in
                let current = try timedFetch(
                    "SELECT \(selectList(row.entity)) FROM \(StoreSchema.table(row.entity)) t0 WHERE t0.\(StoreSchema.primaryKey) = ?",
                    [.integer(row.primaryKey)], row.entity
                ).first
                return StoreConflicts.Conflict(entity: row.entity, primaryKey: row.primaryKey, expectedVersion: row.expectedVersion, current: current)
            })
        }
        for change in changes.links {
            guard let join = StoreSchema.joinTable(change.relationship) else { continue }
            try database.run(
                "INSERT OR IGNORE INTO \(join.name) (\(join.sourceColumn), \(join.destinationColumn)) VALUES (?, ?)",
                eachOf: [[.integer(change.source), .integer(change.destination)]])
        }
        for change in changes.unlinks {
            guard let join = StoreSchema.joinTable(change.relationship) else { continue }
            try database.run(
                "DELETE FROM \(join.name) WHERE \(join.sourceColumn) = ? AND \(join.destinationColumn) = ?",
                eachOf: [[.integer(change.source), .integer(change.destination)]])
        }
    }

    /// The condition on a row's version; a row written before versions were kept counts as 1.
    private static let versionIs = "IFNULL(\(StoreSchema.version), 1) = ?"

    /// Appends the primary key, the version when given, then the values of the columns at `indexes`.
    private func append(
        _ primaryKey: Int64, version: Int64? = nil, _ values: [Any?], _ entity: EntityDescription, _ indexes: [Int],
        to row: inout [SQLValue]
    ) throws {
        row.append(.integer(primaryKey))
        if let version { row.append(.integer(version)) }
        let properties = entity.properties
        for index in indexes {
            let value = values[index]
            if let attribute = properties[index] as? AttributeDescription {
                row.append(try attribute.sqlValue(value))
            } else {
                row.append((value as? ManagedObjectID).map { .integer($0.primaryKey) } ?? .null)
            }
        }
    }

    func close() {
        lock.withLock { database.close() }
    }
}
