import Foundation

/// A value as SQLite stores it: the five storage classes.
public enum SQLValue: Equatable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let data): "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }
}

extension AttributeDescription {
    /// How the store writes a value of this attribute: integers and booleans as INTEGER,
    /// doubles and dates (seconds since 2001-01-01, as Core Data) as REAL, strings as TEXT,
    /// binary data and transformables (JSON) as BLOB.
    func sqlValue(_ value: Any?) throws -> SQLValue {
        guard let value else { return .null }
        switch attributeType {
        case .integer16, .integer32, .integer64:
            guard let integer = AttributeValues.int64(value) else { break }
            return .integer(integer)
        case .double:
            guard let double = AttributeValues.double(value) else { break }
            return .real(double)
        case .boolean:
            guard let bool = value as? Bool else { break }
            return .integer(bool ? 1 : 0)
        case .string:
            guard let string = value as? String else { break }
            return .text(string)
        case .date:
            guard let date = value as? Date else { break }
            return .real(date.timeIntervalSinceReferenceDate)
        case .binaryData:
            guard let data = value as? Data else { break }
            return .blob(data)
        case .transformable(let name):
            guard let coder = TransformableTypes.coder(named: name) else { break }
            return .blob(try coder.encode(value))
        }
        throw ObjectGraphError.unacceptableValue(
            "Unacceptable type of value for attribute: property = \"\(name)\"; desired type = \(attributeType); given type = \(type(of: value)); value = \(value).")
    }

    /// The Swift value a stored value reads back as.
    func value(from sqlValue: SQLValue) throws -> Any? {
        switch (attributeType, sqlValue) {
        case (_, .null): return nil
        case (.integer16, .integer(let value)): return Int16(truncatingIfNeeded: value)
        case (.integer32, .integer(let value)): return Int32(truncatingIfNeeded: value)
        case (.integer64, .integer(let value)): return value
        case (.double, .real(let value)): return value
        case (.double, .integer(let value)): return Double(value)
        case (.boolean, .integer(let value)): return value != 0
        case (.string, .text(let value)): return value
        case (.date, .real(let value)): return Date(timeIntervalSinceReferenceDate: value)
        case (.date, .integer(let value)): return Date(timeIntervalSinceReferenceDate: Double(value))
        case (.binaryData, .blob(let data)): return data
        case (.transformable(let name), .blob(let data)):
            guard let coder = TransformableTypes.coder(named: name) else { return nil }
            return try coder.decode(data)
        default:
            throw ObjectGraphError.store("\(description) holds \(sqlValue) in the store, which is not a \(attributeType).")
        }
    }
}

/// Conversions between the numeric types an attribute accepts and the one it stores.
enum AttributeValues {
    static func int64(_ value: Any) -> Int64? {
        switch value {
        case let value as Int64: value
        case let value as Int: Int64(value)
        case let value as Int16: Int64(value)
        case let value as Int32: Int64(value)
        case let value as Int8: Int64(value)
        case let value as UInt8: Int64(value)
        case let value as UInt16: Int64(value)
        case let value as UInt32: Int64(value)
        case let value as UInt: Int64(exactly: value)
        case let value as Bool: value ? 1 : 0
        default: nil
        }
    }

    static func double(_ value: Any) -> Double? {
        switch value {
        case let value as Double: value
        case let value as Float: Double(value)
        default: int64(value).map(Double.init)
        }
    }

    /// `value` converted to the Swift type an attribute of `type` holds, or nil if it cannot be.
    static func normalized(_ value: Any, for type: AttributeType) -> Any? {
        switch type {
        case .integer16: int64(value).flatMap { Int16(exactly: $0) }
        case .integer32: int64(value).flatMap { Int32(exactly: $0) }
        case .integer64: int64(value)
        case .double: double(value)
        case .boolean: (value as? Bool) ?? int64(value).map { $0 != 0 }
        case .string: value as? String
        case .date: value as? Date
        case .binaryData: value as? Data
        case .transformable(let name):
            TransformableTypes.coder(named: name).flatMap { $0.holds(value) ? value : nil }
        }
    }
}
