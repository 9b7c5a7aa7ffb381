import ExerciseKit
import Foundation

@main
enum TypedStoreDriver: ExerciseDriver {
    /// `{key: …, <type>: value}` with exactly one of the typed fields.
    struct SetArgs: Decodable {
        var key: String
        var int: Int?
        var bool: Bool?
        var double: Double?
        var string: String?
        var date: Date?
        var strings: [String]?
        var counts: [String: Int]?
    }

    /// `{key: …, as: int|intDigits|bool|double|string|date|strings|counts}`.
    struct GetArgs: Decodable {
        var key: String
        var `as`: String
    }

    struct KeyArgs: Decodable { var key: String }
    struct SuiteArgs: Decodable { var key: String; var int: Int }
    struct SuiteReading: Encodable { var int: Int; var contains: Bool }

    /// Something else in the app wrote a raw property-list value (strings, numbers, booleans,
    /// arrays, dictionaries) under `key`.
    struct ExternalArgs: Decodable {
        var key: String
        var value: JSONValue
    }

    static func register(_ app: inout Operations) {
        let store = TypedStore()

        app.on("set") { (args: SetArgs) in
            let given = [args.int != nil, args.bool != nil, args.double != nil, args.string != nil,
                         args.date != nil, args.strings != nil, args.counts != nil].filter { $0 }.count
            guard given == 1 else { throw DriverError("set needs exactly one typed value, got \(given)") }
            if let value = args.int { store.set(value, forKey: args.key) }
            if let value = args.bool { store.set(value, forKey: args.key) }
            if let value = args.double { store.set(value, forKey: args.key) }
            if let value = args.string { store.set(value, forKey: args.key) }
            if let value = args.date { store.set(value, forKey: args.key) }
            if let value = args.strings { store.set(value, forKey: args.key) }
            if let value = args.counts { store.set(value, forKey: args.key) }
        }
        app.on("get") { (args: GetArgs) -> Reading in
            switch args.as {
            case "int": .int(store.int(forKey: args.key))
            // The whole number as its digits, compared exactly however large it is.
            case "intDigits": .string(String(store.int(forKey: args.key)))
            case "bool": .bool(store.bool(forKey: args.key))
            case "double": .double(store.double(forKey: args.key))
            case "string": .string(store.string(forKey: args.key))
            case "date": .date(store.date(forKey: args.key))
            case "strings": .strings(store.strings(forKey: args.key))
            case "counts": .counts(store.counts(forKey: args.key))
            default: throw DriverError("unknown type '\(args.as)'")
            }
        }
        app.on("readAll") { (args: KeyArgs) in
            AllReadings(int: store.int(forKey: args.key), bool: store.bool(forKey: args.key),
                        double: store.double(forKey: args.key), string: store.string(forKey: args.key),
                        date: store.date(forKey: args.key), strings: store.strings(forKey: args.key),
                        counts: store.counts(forKey: args.key), contains: store.contains(args.key))
        }
        app.on("contains") { (args: KeyArgs) in store.contains(args.key) }
        // A second store, made for a suite of its own (`init(defaults:)`): it writes an integer
        // there and answers what it reads back and whether it holds the key.
        app.on("suiteSetInt") { (args: SuiteArgs) -> SuiteReading in
            let suite = TypedStore(defaults: UserDefaults(suiteName: "typed-store-suite")!)
            suite.set(args.int, forKey: args.key)
            return SuiteReading(int: suite.int(forKey: args.key), contains: suite.contains(args.key))
        }
        app.on("external") { (args: ExternalArgs) in
            UserDefaults.standard.set(args.value.propertyListObject, forKey: args.key)
        }
    }
}

/// A mistake in the cases, not in the learner's code.
struct DriverError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One getter's result; nil encodes as null.
enum Reading: Encodable {
    case int(Int), bool(Bool), double(Double), string(String?), date(Date?), strings([String]?), counts([String: Int]?)

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .int(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .date(let value): try container.encode(value)
        case .strings(let value): try container.encode(value)
        case .counts(let value): try container.encode(value)
        }
    }
}

/// Every getter's result for one key, with explicit nulls.
struct AllReadings: Encodable {
    var int: Int
    var bool: Bool
    var double: Double
    var string: String?
    var date: Date?
    var strings: [String]?
    var counts: [String: Int]?
    var contains: Bool

    enum CodingKeys: String, CodingKey { case int, bool, double, string, date, strings, counts, contains }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(int, forKey: .int)
        try container.encode(bool, forKey: .bool)
        try container.encode(double, forKey: .double)
        try container.encode(string, forKey: .string)
        try container.encode(date, forKey: .date)
        try container.encode(strings, forKey: .strings)
        try container.encode(counts, forKey: .counts)
        try container.encode(contains, forKey: .contains)
    }
}
