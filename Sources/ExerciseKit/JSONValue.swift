import Foundation

/// Any JSON value: what operations take and return on the wire, what cases expect and what
/// reports show. The grader and every exercise binary share this one type.
///
/// A driver uses it for an argument that is a document to hand to a decoder as bytes:
///
/// ```swift
/// app.on("decodePerson") { (document: JSONValue) in
///     try JSONDecoder().decode(Person.self, from: document.jsonData())
/// }
/// ```
public enum JSONValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .int(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
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

    /// Parses JSON text.
    public init(parsing data: Data) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Parses JSON text.
    public init(parsing text: String) throws {
        try self.init(parsing: Data(text.utf8))
    }

    /// Compact JSON text with sorted keys, as reports and messages show values.
    public var jsonText: String {
        (try? String(decoding: JSONEncoder.sortedCompact.encode(self), as: UTF8.self)) ?? "null"
    }

    /// The member named `key`, when this is an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number as a `Double`, when this is a number.
    public var numberValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// A word naming the kind of value, for messages ("a string", "an object").
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
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

extension JSONValue {
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
            var items: [JSONValue] = []
            for value in values {
                guard let item = JSONValue(propertyList: value) else { return nil }
                items.append(item)
            }
            self = .array(items)
        case let values as [String: Any]:
            var members: [String: JSONValue] = [:]
            for (key, value) in values {
                guard let member = JSONValue(propertyList: value) else { return nil }
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

extension JSONEncoder {
    /// Compact JSON with sorted keys and unescaped slashes: how values are shown and sent.
    static var sortedCompact: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
