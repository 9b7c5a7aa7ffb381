import Foundation
import SQLite3

/// Turns rows of one entity's table into ``StoreRow``s, reading each column straight from the
/// statement. What each column holds is worked out once per query rather than once per row,
/// which is most of what a fetch of many rows costs beyond SQLite's own work.
struct RowDecoder {
    private enum Column {
        /// An attribute whose value is read directly when the column holds the storage class
        /// the attribute is written with.
        case string, integer64, integer32, integer16, boolean, double, date
        /// Any other attribute, or an unusual storage class: read as the store reads it.
        case attribute(AttributeDescription)
        case toOne(EntityDescription?)
    }

    private let entity: EntityDescription
    /// For each property slot, the column that fills it (counted after the primary key), or nil
    /// for a to-many relationship, which has no column.
    private let slots: [(index: Int32, column: Column)?]
    private let makeID: (EntityDescription, Int64) -> ManagedObjectID

    /// - Parameter makeID: the store's object ID for a destination entity's row.
    init(entity: EntityDescription, makeID: @escaping (EntityDescription, Int64) -> ManagedObjectID) {
        self.entity = entity
        self.makeID = makeID
        var slots = [(index: Int32, column: Column)?](repeating: nil, count: entity.properties.count)
        for (offset, property) in Self.storedProperties(of: entity).enumerated() {
            slots[property.index] = (Int32(offset + 2), Self.column(for: property))
        }
        self.slots = slots
    }

    /// The properties stored in the entity's own table, in the order a select lists them after
    /// the primary key and the version: attributes and to-one relationships.
    static func storedProperties(of entity: EntityDescription) -> [PropertyDescription] {
        entity.properties.filter { property in
            guard let relationship = property as? RelationshipDescription else { return true }
            return relationship.hasForeignKeyColumn
        }
    }

    private static func column(for property: PropertyDescription) -> Column {
        guard let attribute = property as? AttributeDescription else {
            return .toOne((property as! RelationshipDescription).destinationEntity)
        }
        switch attribute.attributeType {
        case .string: return .string
        case .integer64: return .integer64
        case .integer32: return .integer32
        case .integer16: return .integer16
        case .boolean: return .boolean
        case .double: return .double
        case .date: return .date
        case .binaryData, .transformable: return .attribute(attribute)
        }
    }

    func decode(_ row: SQLiteDatabase.Row) throws -> StoreRow {
        guard row.type(0) == SQLITE_INTEGER else {
            throw ObjectGraphError.store("A row of \(StoreSchema.table(entity)) has no primary key.")
        }
        var values: [Any?] = []
        values.reserveCapacity(slots.count)
        for slot in slots {
            guard let (index, column) = slot else {
                values.append(nil)
                continue
            }
            let type = row.type(index)
            switch (column, type) {
            case (_, SQLITE_NULL): values.append(nil)
            case (.string, SQLITE_TEXT): values.append(row.text(index))
            case (.integer64, SQLITE_INTEGER): values.append(row.int64(index))
            case (.integer32, SQLITE_INTEGER): values.append(Int32(truncatingIfNeeded: row.int64(index)))
            case (.integer16, SQLITE_INTEGER): values.append(Int16(truncatingIfNeeded: row.int64(index)))
            case (.boolean, SQLITE_INTEGER): values.append(row.int64(index) != 0)
            case (.double, SQLITE_FLOAT): values.append(row.double(index))
            case (.date, SQLITE_FLOAT): values.append(Date(timeIntervalSinceReferenceDate: row.double(index)))
            case (.toOne(let destination), _):
                values.append(type == SQLITE_INTEGER ? destination.map { makeID($0, row.int64(index)) } : nil)
            case (.attribute(let attribute), _):
                values.append(try attribute.value(from: row.value(index)))
            default:
                // A common attribute holding an unusual storage class (a REAL in an integer
                // column, say): as the store reads any value.
                values.append(try (entity.properties[values.count] as! AttributeDescription).value(from: row.value(index)))
            }
        }
        let version = row.type(1) == SQLITE_INTEGER ? row.int64(1) : 1
        return StoreRow(primaryKey: row.int64(0), values: values, version: version)
    }
}
