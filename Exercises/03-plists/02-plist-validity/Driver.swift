import ExerciseKit
import Foundation

@main
enum PlistValidityDriver: ExerciseDriver {
    struct CheckArgs: Decodable { var value: Sample }
    struct SaveArgs: Decodable { var settings: [String: Sample] }
    struct PlantArgs: Decodable { var text: String }

    static func register(_ app: inout Operations) {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let settingsURL = documents.appendingPathComponent("settings.plist")

        app.on("check") { (args: CheckArgs) in isPropertyList(try args.value.build()) }
        app.on("save") { (args: SaveArgs) in try saveStorable(args.settings.mapValues { try $0.build() }, to: settingsURL) }
        // What the settings file holds, read the way the app would read it back: "missing",
        // "unreadable", or its values.
        app.on("load") { () -> JSONValue in
            guard let data = FileManager.default.contents(atPath: settingsURL.path) else { return .string("missing") }
            guard let object = try? PropertyListSerialization.propertyList(from: data, format: nil),
                  let value = JSONValue(propertyList: object) else { return .string("unreadable") }
            return value
        }
        // Bytes put straight into settings.plist before a save, as another app or an older
        // version might have left them.
        app.on("plant") { (args: PlantArgs) in
            try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
            try Data(args.text.utf8).write(to: settingsURL)
        }
        // A saved 3 is an <integer> and 2.5 a <real>: an integer turned into a real is a change.
        app.compareNumberTypes(of: "load")
    }
}

/// A mistake in the cases, not in the learner's code.
struct DriverError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

// Values that JSON cannot carry are built here from a description:
//
// - a string names one of the samples below (`date`, `url`, `optionalInts`, …);
// - `{array: [d, …]}` is an `[Any]` of the described values;
// - `{dictionary: {key: d, …}}` is a `[String: Any]`;
// - `{intKeys: [d, …]}` is an `[Int: Any]` whose keys are 1, 2, 3, …

/// A struct of the app's own.
struct Garage {
    var cars: [String]
}

/// A class of the app's own (not an NSObject).
final class Mechanic {
    let name = "Lola"
}

/// An NSObject subclass that is not a property-list class.
final class Workshop: NSObject {
    let city = "Toledo"
}

enum Colour {
    case red, blue
}

/// Types of the app's own with raw values: still not property-list types.
enum SampleGearbox: String {
    case manual, automatic
}

enum SampleDoorCount: Int {
    case three = 3, five = 5
}

struct SampleExtras: OptionSet {
    let rawValue: Int
    static let sunroof = SampleExtras(rawValue: 1)
}

indirect enum Sample: Decodable {
    case named(String)
    case array([Sample])
    case dictionary([String: Sample])
    case intKeys([Sample])

    enum CodingKeys: String, CodingKey { case array, dictionary, intKeys }

    init(from decoder: Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self = .named(name)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let items = try container.decodeIfPresent([Sample].self, forKey: .array) {
            self = .array(items)
        } else if let members = try container.decodeIfPresent([String: Sample].self, forKey: .dictionary) {
            self = .dictionary(members)
        } else if let items = try container.decodeIfPresent([Sample].self, forKey: .intKeys) {
            self = .intKeys(items)
        } else {
            throw DriverError("a sample is a name, {array: […]}, {dictionary: {…}} or {intKeys: […]}")
        }
    }

    func build() throws -> Any {
        switch self {
        case .named(let name):
            guard let value = Self.named(name) else { throw DriverError("no sample called '\(name)'") }
            return value
        case .array(let items):
            return try items.map { try $0.build() } as [Any]
        case .dictionary(let members):
            return try members.mapValues { try $0.build() } as [String: Any]
        case .intKeys(let items):
            var result: [Int: Any] = [:]
            for (index, item) in items.enumerated() { result[index + 1] = try item.build() }
            return result
        }
    }

    static func named(_ name: String) -> Any? {
        let noPlate: String? = nil
        let plate: String? = "1234 ABC"
        switch name {
        // Property-list types.
        case "text": return "Seat León"
        case "emptyText": return ""
        case "integer": return 42
        case "negative": return -7
        case "smallInteger": return Int8(8)
        case "unsigned": return UInt(7)
        case "int32": return Int32(2024)
        case "real": return 5.8
        case "float": return Float(1.5)
        case "notANumber": return Double.nan
        case "infinity": return Float.infinity
        case "bool": return true
        case "date": return Date(timeIntervalSince1970: 1_700_000_000)
        case "data": return Data([0xCA, 0xFE])
        case "emptyData": return Data()
        case "emptyArray": return [Any]()
        case "emptyDictionary": return [String: Any]()
        case "strings": return ["Madrid", "Segovia"]
        case "counts": return ["Madrid": 3, "Segovia": 1]
        case "someString": return plate as Any
        case "fullOptionalInts": return [1, 2] as [Int?]
        case "nsString": return NSString(string: "Ávila")
        case "nsNumber": return NSNumber(value: 3)
        case "nsDate": return NSDate(timeIntervalSince1970: 0)
        case "nsArray": return NSArray(array: ["Toledo", 2])
        case "nsDictionary": return NSDictionary(dictionary: ["doors": 5])
        // Not property-list types.
        case "url": return URL(string: "https://example.com")!
        case "fileURL": return URL(fileURLWithPath: "/tmp/car.plist")
        case "nsNull": return NSNull()
        case "nil": return noPlate as Any
        case "someURL": return URL(string: "https://example.com") as Any
        case "someObject": return Optional(Mechanic()) as Any
        case "optionalInts": return [1, nil] as [Int?]
        case "uuid": return UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        case "set": return Set(["Fiat"])
        case "struct": return Garage(cars: ["Fiat Punto"])
        case "object": return Mechanic()
        case "nsObject": return Workshop()
        case "enumCase": return Colour.red
        case "rawEnum": return SampleGearbox.manual
        case "intRawEnum": return SampleDoorCount.five
        case "optionSet": return SampleExtras.sunroof
        case "tuple": return (1, "one")
        case "intKeyed": return [1: "one"]
        case "nsDictionaryIntKeys": return NSDictionary(dictionary: [1: "one"])
        default: return nil
        }
    }
}
