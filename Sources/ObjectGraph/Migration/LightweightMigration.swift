import Foundation

/// A migration inferred from two model versions, as Core Data infers a lightweight migration:
/// entities, attributes and relationships may be added or removed, renamed through a
/// `renamingIdentifier`, and an optional attribute may become required if it has a default
/// value. Anything else (a changed type, a new required attribute without a default, a to-one
/// relationship becoming to-many) cannot be inferred.
///
/// The migration is SQL, run in one transaction: each changed table is rebuilt under a new
/// name, filled from the old one, and takes its name.
struct LightweightMigration {
    private(set) var statements: [String] = []
    private var problems: [String] = []

    /// - Throws: an `NSError` with code 134140 (Core Data's missing mapping model) listing
    ///   every change that cannot be inferred.
    init(from stored: StoredModel, to destination: ManagedObjectModel) throws {
        let source = stored.makeModel()
        var keptTables = Set<String>()
        for entity in destination.entities {
            let old = source.entitiesByName[entity.renamingIdentifier ?? entity.name] ?? source.entitiesByName[entity.name]
            if let old {
                keptTables.insert(StoreSchema.table(old))
                migrateEntity(old, to: entity)
            } else {
                statements += StoreSchema.createStatements(for: entity)
            }
        }
        for entity in source.entities where !keptTables.contains(StoreSchema.table(entity)) {
            statements.append("DROP TABLE \(StoreSchema.table(entity))")
        }
        migrateJoinTables(from: source, to: destination)
        guard problems.isEmpty else {
            throw CoreDataError.make(
                .migrationMissingMappingModel,
                "The store cannot be migrated to model version \(destination.versionIdentifier ?? "(unnamed)") automatically:\n"
                    + problems.map { "  - \($0)" }.joined(separator: "\n"),
                ["reasons": problems])
        }
    }

    private mutating func migrateEntity(_ old: EntityDescription, to entity: EntityDescription) {
        var columns: [String] = [StoreSchema.primaryKey, StoreSchema.version]
        var values: [String] = [StoreSchema.primaryKey, StoreSchema.version]
        for property in entity.properties {
            let previous = old.propertiesByName[property.renamingIdentifier ?? property.name] ?? old.propertiesByName[property.name]
            if let attribute = property as? AttributeDescription {
                guard let expression = value(of: attribute, from: previous, in: entity) else { continue }
                columns.append(StoreSchema.column(attribute))
                values.append(expression)
            } else if let relationship = property as? RelationshipDescription {
                guard let expression = value(of: relationship, from: previous, in: entity) else { continue }
                columns.append(StoreSchema.column(relationship))
                values.append(expression)
            }
        }
        let table = StoreSchema.table(entity)
        let oldTable = StoreSchema.table(old)
        let newDefinition = StoreSchema.createStatements(for: entity)
        let oldDefinition = StoreSchema.createStatements(for: old)
        // A table with the same name and the same columns filled from themselves is kept as is.
        if table == oldTable, newDefinition == oldDefinition, columns == values { return }
        let scratch = "Z_MIGRATING_\(entity.name.uppercased())"
        statements += [
            StoreSchema.createStatements(for: entity, tableName: scratch)[0],
            "INSERT INTO \(scratch) (\(columns.joined(separator: ", "))) SELECT \(values.joined(separator: ", ")) FROM \(oldTable)",
            "DROP TABLE \(oldTable)",
            "ALTER TABLE \(scratch) RENAME TO \(table)",
        ]
        statements += newDefinition.dropFirst()
    }

    /// The SQL expression that fills an attribute's column, or nil for NULL.
    private mutating func value(of attribute: AttributeDescription, from previous: PropertyDescription?, in entity: EntityDescription) -> String? {
        let defaultSQL = (try? attribute.sqlValue(attribute.defaultValue)).flatMap { $0 == .null ? nil : $0.description }
        guard let previous = previous as? AttributeDescription else {
            if !attribute.isOptional, defaultSQL == nil {
                problems.append("\(entity.name).\(attribute.name) is new and required, with no default value to give existing rows.")
            }
            return attribute.isOptional ? nil : defaultSQL
        }
        guard previous.attributeType == attribute.attributeType else {
            problems.append("\(entity.name).\(attribute.name) changes type from \(previous.attributeType) to \(attribute.attributeType).")
            return nil
        }
        let column = StoreSchema.column(previous)
        if previous.isOptional, !attribute.isOptional {
            guard let defaultSQL else {
                problems.append("\(entity.name).\(attribute.name) becomes required without a default value for the rows that have none.")
                return column
            }
            return "COALESCE(\(column), \(defaultSQL))"
        }
        return column
    }

    private mutating func value(of relationship: RelationshipDescription, from previous: PropertyDescription?, in entity: EntityDescription) -> String? {
        guard relationship.hasForeignKeyColumn else { return nil }
        guard let previous = previous as? RelationshipDescription else {
            if !relationship.isOptional {
                problems.append("\(entity.name).\(relationship.name) is a new required relationship; existing rows would have none.")
            }
            return nil
        }
        guard previous.hasForeignKeyColumn else {
            // A to-one side whose links lived in a join table (a to-many without an inverse that
            // gains one): the links are not carried over, so the migration is refused.
            problems.append("\(entity.name).\(relationship.name) was kept in a join table and now is a foreign key; its links cannot be carried over.")
            return nil
        }
        return StoreSchema.column(previous)
    }

    /// The relationship of the new model that continues the owning side of an old join table.
    private static func successor(ofJoinTable name: String, from source: ManagedObjectModel, in destination: ManagedObjectModel)
        -> (EntityDescription, RelationshipDescription)?
    {
        for oldEntity in source.entities {
            for oldRelationship in oldEntity.relationships where StoreSchema.joinTable(oldRelationship)?.name == name {
                for entity in destination.entities where (entity.renamingIdentifier ?? entity.name) == oldEntity.name || entity.name == oldEntity.name {
                    if let relationship = entity.relationships.first(where: {
                        ($0.renamingIdentifier ?? $0.name) == oldRelationship.name || $0.name == oldRelationship.name
                    }) {
                        return (entity, relationship)
                    }
                }
            }
        }
        return nil
    }

    private mutating func migrateJoinTables(from source: ManagedObjectModel, to destination: ManagedObjectModel) {
        var oldTables: [String: StoreSchema.JoinTable] = [:]
        for entity in source.entities {
            for relationship in entity.relationships {
                if let join = StoreSchema.joinTable(relationship), join.isOwningSide { oldTables[join.name] = join }
            }
        }
        var kept = Set<String>()
        for entity in destination.entities {
            let oldEntity = source.entitiesByName[entity.renamingIdentifier ?? entity.name] ?? source.entitiesByName[entity.name]
            for relationship in entity.relationships {
                guard let join = StoreSchema.joinTable(relationship), join.isOwningSide else { continue }
                let oldRelationship = oldEntity.flatMap {
                    $0.relationshipsByName[relationship.renamingIdentifier ?? relationship.name] ?? $0.relationshipsByName[relationship.name]
                }
                let oldJoin = oldRelationship.flatMap { StoreSchema.joinTable($0) }
                if let oldJoin, oldJoin.name == join.name {
                    kept.insert(join.name)
                    continue
                }
                if let oldRelationship, oldJoin == nil {
                    problems.append(oldRelationship.isToMany
                        ? "\(entity.name).\(relationship.name) now needs a join table (its inverse changed); its links cannot be carried over."
                        : "\(entity.name).\(relationship.name) changes from to-one to to-many.")
                    continue
                }
                statements += StoreSchema.createStatements(forJoinTable: join)
                if let oldJoin {
                    statements.append(
                        "INSERT INTO \(join.name) (\(join.sourceColumn), \(join.destinationColumn)) "
                            + "SELECT \(oldJoin.sourceColumn), \(oldJoin.destinationColumn) FROM \(oldJoin.name)")
                }
            }
        }
        for name in oldTables.keys.sorted() where !kept.contains(name) {
            // A to-many relationship that keeps existing but leaves its join table (it gained a
            // to-one inverse) would lose its links with the table.
            if let (entity, relationship) = Self.successor(ofJoinTable: name, from: source, in: destination), !relationship.usesJoinTable {
                problems.append("\(entity.name).\(relationship.name) moves from a join table to a foreign key; its links cannot be carried over.")
            }
            statements.append("DROP TABLE \(name)")
        }
    }
}
