import Foundation

/// Any JSON value, for operations whose argument is a document to hand to a decoder as bytes:
///
/// ```swift
/// app.on("decodePerson") { (document: JSONDocument) in
///     try JSONDecoder().decode(Person.self, from: document.jsonData())
/// }
/// ```
public enum JSONDocument: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONDocument])
    case object([String: JSONDocument])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .int(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONDocument].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONDocument].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }

    /// The document as JSON text, keys sorted.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(self)
    }

    /// The document as a property list (which has no null: a null member fails to encode).
    public func plistData(format: PropertyListSerialization.PropertyListFormat = .xml) throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        return try encoder.encode(self)
    }
}

extension JSONDocument {
    /// The value as a property-list object: numbers, booleans, strings, arrays and
    /// dictionaries; a null is left out (a property list cannot hold one).
    public var propertyListObject: Any? {
        switch self {
        case .null: return nil
        case .bool(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .string(let value): return value
        case .array(let values): return values.compactMap(\.propertyListObject)
        case .object(let members): return members.compactMapValues(\.propertyListObject)
        }
    }

    /// A property-list object (as `PropertyListSerialization` or `UserDefaults` give it) as
    /// JSON: dates as ISO 8601 text and data as base64, as the drivers' encoder writes them; a
    /// keyed archive's object reference as `{"CF$UID": n}`. Nil for anything else.
    public init?(propertyList object: Any) {
        switch object {
        // On Linux a property-list boolean is a Swift Bool, and a number an NSNumber that
        // `as? Bool` would also accept: ask for the type itself.
        case let value as Bool where type(of: object) == Bool.self: self = .bool(value)
        case let value as String: self = .string(value)
        case let value as Date: self = .string(ISO8601DateFormatter().string(from: value))
        case let value as Data: self = .string(value.base64EncodedString())
        case let value as NSNumber:
            let kind = String(cString: value.objCType)
            self = kind == "d" || kind == "f" ? .double(value.doubleValue) : .int(value.intValue)
        case let value as Int: self = .int(value)
        case let value as Double: self = .double(value)
        case let values as [Any]:
            var items: [JSONDocument] = []
            for value in values {
                guard let item = JSONDocument(propertyList: value) else { return nil }
                items.append(item)
            }
            self = .array(items)
        case let values as [String: Any]:
            var members: [String: JSONDocument] = [:]
            for (key, value) in values {
                guard let member = JSONDocument(propertyList: value) else { return nil }
                members[key] = member
            }
            self = .object(members)
        default:
            guard String(describing: type(of: object)) == "_NSKeyedArchiverUID",
                  let uid = Mirror(reflecting: object).children.first(where: { $0.label == "value" })?.value as? UInt32
            else { return nil }
            self = .object(["CF$UID": .int(Int(uid))])
        }
    }
}
