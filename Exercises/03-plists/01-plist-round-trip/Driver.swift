import ExerciseKit
import Foundation

@main
enum PlistRoundTripDriver: ExerciseDriver {
    struct WriteArgs: Decodable {
        var name: String
        /// "xml" or "binary".
        var format: String
        var values: [String: PlistValue]
    }

    struct NameArgs: Decodable { var name: String }

    /// Bytes put straight into `Documents/<name>.plist`, as another program might leave them.
    struct PlantArgs: Decodable {
        var name: String
        var text: String
    }

    struct ReadResult: Encodable {
        /// "xml", "binary" or "openStep".
        var format: String
        var values: PlistValue
    }

    static func read(_ name: String) throws -> ReadResult {
        let (values, format) = try PlistFile(name: name).read()
        let formatName: String
        switch format {
        case .xml: formatName = "xml"
        case .binary: formatName = "binary"
        case .openStep: formatName = "openStep"
        @unknown default: formatName = "unknown"
        }
        return ReadResult(format: formatName, values: PlistValue(any: values))
    }

    static func register(_ app: inout Operations) {
        app.on("write") { (args: WriteArgs) in
            let format: PropertyListSerialization.PropertyListFormat
            switch args.format {
            case "xml": format = .xml
            case "binary": format = .binary
            default: throw DriverError("unknown format '\(args.format)'")
            }
            try PlistFile(name: args.name).write(args.values.mapValues(\.propertyListObject), format: format)
        }
        app.on("read") { (args: NameArgs) -> ReadResult in try read(args.name) }
        // After a kill during a first write: no file yet (nil) is as good as the whole new one.
        app.on("readIfThere") { (args: NameArgs) -> ReadResult? in
            do {
                return try read(args.name)
            } catch PlistFileError.missingFile {
                return nil
            }
        }
        app.on("plant") { (args: PlantArgs) in
            let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            let url = documents.appendingPathComponent(args.name + ".plist")
            try Data(args.text.utf8).write(to: url)
        }
    }
}

/// A mistake in the cases, not in the learner's code.
struct DriverError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A property-list value as the cases write it in JSON. Strings, numbers, booleans, arrays
/// and objects are themselves; a date is `{"$date": "2024-05-17T10:30:00Z"}`, bytes are
/// `{"$data": "<base64>"}`, `{"$url": "…"}` is a URL (which is no property list), and
/// `{"$real": 120}` is the real 120.0 (a JSON number with no fraction decodes as an integer).
/// A date with a fraction of a second is written with it, in milliseconds
/// (`"2023-11-14T22:13:20.250Z"`), and shows that way.
indirect enum PlistValue: Codable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case date(Date)
    case data(Data)
    case url(URL)
    case array([PlistValue])
    case dictionary([String: PlistValue])
    /// Something that is not a property-list type: its type, for the failure message.
    case other(String)

    static let isoFormatter = ISO8601DateFormatter()
    static let fractionalFormatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter
    }()

    init(any value: Any) {
        switch value {
        // On Linux a plist boolean comes back as a Swift Bool, and numbers as NSNumber.
        case let bool as Bool where type(of: value) == Bool.self:
            self = .bool(bool)
        case let string as String:
            self = .string(string)
        case let date as Date:
            self = .date(date)
        case let data as Data:
            self = .data(data)
        case let number as NSNumber:
            let kind = String(cString: number.objCType)
            self = kind == "d" || kind == "f" ? .double(number.doubleValue) : .int(number.intValue)
        case let int as Int:
            self = .int(int)
        case let double as Double:
            self = .double(double)
        case let array as [Any]:
            self = .array(array.map(PlistValue.init(any:)))
        case let dictionary as [String: Any]:
            self = .dictionary(dictionary.mapValues(PlistValue.init(any:)))
        default:
            self = .other("<\(type(of: value))>")
        }
    }

    var propertyListObject: Any {
        switch self {
        case .bool(let value): value
        case .int(let value): value
        case .double(let value): value
        case .string(let value), .other(let value): value
        case .date(let value): value
        case .data(let value): value
        case .url(let value): value
        case .array(let values): values.map(\.propertyListObject)
        case .dictionary(let values): values.mapValues(\.propertyListObject)
        }
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .int(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([PlistValue].self) { self = .array(value) }
        else {
            let members = try container.decode([String: PlistValue].self)
            // `{$real: 120}` is the real 120.0: JSON numbers with no fraction decode as integers.
            if members.count == 1, members.first?.key == "$real" {
                switch members.first?.value {
                case .int(let value)?: self = .double(Double(value)); return
                case .double(let value)?: self = .double(value); return
                default: break
                }
            }
            if members.count == 1, case .string(let text)? = members.first?.value {
                switch members.first?.key {
                case "$date":
                    guard let date = Self.isoFormatter.date(from: text) ?? Self.fractionalFormatter.date(from: text)
                    else { throw DriverError("bad date \(text)") }
                    self = .date(date)
                    return
                case "$data":
                    guard let data = Data(base64Encoded: text) else { throw DriverError("bad base64 \(text)") }
                    self = .data(data)
                    return
                case "$url":
                    guard let url = URL(string: text) else { throw DriverError("bad URL \(text)") }
                    self = .url(url)
                    return
                default:
                    break
                }
            }
            self = .dictionary(members)
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value), .other(let value): try container.encode(value)
        case .date(let value):
            let seconds = value.timeIntervalSinceReferenceDate
            let formatter = seconds == seconds.rounded(.down) ? Self.isoFormatter : Self.fractionalFormatter
            try container.encode(["$date": formatter.string(from: value)])
        case .data(let value): try container.encode(["$data": value.base64EncodedString()])
        case .url(let value): try container.encode(["$url": value.absoluteString])
        case .array(let values): try container.encode(values)
        case .dictionary(let values): try container.encode(values)
        }
    }
}
