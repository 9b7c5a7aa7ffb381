/// Where a model's objects live in a SQLite database, following Core Data's naming: one table
/// `ZPERSON` per entity with the primary key `Z_PK`, a column `ZNAME` per attribute, a column
/// `ZOWNER` holding the primary key of a to-one relationship's object, and a join table for
/// each many-to-many relationship (or to-many relationship without an inverse).
///
/// The SQL is built here as text, so tests can read it.
public enum StoreSchema {
    public static func table(_ entity: EntityDescription) -> String { "Z" + entity.name.uppercased() }
    public static func column(_ property: PropertyDescription) -> String { "Z" + property.name.uppercased() }
    public static let primaryKey = "Z_PK"
    /// The row's version, for optimistic locking: Core Data's `Z_OPT`.
    public static let version = "Z_OPT"

    /// The join table of a relationship kept in one, with the column holding the source
    /// object's key and the column holding the destination object's key.
    public struct JoinTable: Equatable {
        public let name: String
        public let sourceColumn: String
        public let destinationColumn: String
        /// Whether the table is named after this side; the inverse side reads it backwards.
        public let isOwningSide: Bool
    }

    /// Both sides of a many-to-many relationship share one table, named after the side whose
    /// `Entity.relationship` sorts first.
    public static func joinTable(_ relationship: RelationshipDescription) -> JoinTable? {
        guard relationship.usesJoinTable, let entity = relationship.entity else { return nil }
        if let inverse = relationship.inverseRelationship, let inverseEntity = inverse.entity,
            (inverseEntity.name, inverse.name) < (entity.name, relationship.name),
            let owning = joinTable(ownedBy: inverse, entity: inverseEntity)
        {
            return JoinTable(
                name: owning.name, sourceColumn: owning.destinationColumn, destinationColumn: owning.sourceColumn, isOwningSide: false)
        }
        return joinTable(ownedBy: relationship, entity: entity)
    }

    private static func joinTable(ownedBy relationship: RelationshipDescription, entity: EntityDescription) -> JoinTable? {
        let source = "Z_" + entity.name.uppercased()
        var destination = "Z_" + relationship.name.uppercased()
        if destination == source { destination += "_DESTINATION" }
        return JoinTable(
            name: "Z_\(entity.name.uppercased())_\(relationship.name.uppercased())", sourceColumn: source,
            destinationColumn: destination, isOwningSide: true)
    }

    static func columnType(_ attribute: AttributeDescription) -> String {
        switch attribute.attributeType {
        case .integer16, .integer32, .integer64, .boolean: "INTEGER"
        case .double, .date: "REAL"
        case .string: "TEXT"
        case .binaryData, .transformable: "BLOB"
        }
    }

    /// The statements that create the tables and indexes of `model` in an empty database.
    public static func createStatements(for model: ManagedObjectModel) -> [String] {
        var statements: [String] = []
        var joinTables = Set<String>()
        for entity in model.entities {
            statements += createStatements(for: entity)
            for relationship in entity.relationships {
                guard let join = joinTable(relationship), join.isOwningSide, joinTables.insert(join.name).inserted else { continue }
                statements += createStatements(forJoinTable: join)
            }
        }
        return statements
    }

    /// A join table, seen from its owning side.
    static func createStatements(forJoinTable join: JoinTable) -> [String] {
        [
            "CREATE TABLE \(join.name) (\(join.sourceColumn) INTEGER NOT NULL, \(join.destinationColumn) INTEGER NOT NULL, "
                + "PRIMARY KEY (\(join.sourceColumn), \(join.destinationColumn)))",
            "CREATE INDEX \(join.name)_\(join.destinationColumn)_INDEX ON \(join.name) (\(join.destinationColumn))",
        ]
    }

    /// The entity's own table and the indexes on its foreign keys.
    static func createStatements(for entity: EntityDescription, tableName: String? = nil) -> [String] {
        let table = tableName ?? self.table(entity)
        var columns = ["\(primaryKey) INTEGER PRIMARY KEY", "\(version) INTEGER"]
        for property in entity.properties {
            if let attribute = property as? AttributeDescription {
                columns.append("\(column(attribute)) \(columnType(attribute))")
            } else if let relationship = property as? RelationshipDescription, relationship.hasForeignKeyColumn {
                columns.append("\(column(relationship)) INTEGER")
            }
        }
        var statements = ["CREATE TABLE \(table) (\(columns.joined(separator: ", ")))"]
        for relationship in entity.relationships where relationship.hasForeignKeyColumn {
            let name = "\(self.table(entity))_\(column(relationship))_INDEX"
            statements.append("CREATE INDEX \(name) ON \(table) (\(column(relationship)))")
        }
        return statements
    }
}
