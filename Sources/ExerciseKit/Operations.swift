import Foundation

/// The table of operations a driver offers to the cases of its exercise.
///
/// A driver registers each operation under the name that `exercise.yml` calls, with typed
/// arguments and result:
///
/// ```swift
/// struct Speed: Decodable { var speed: Int }
///
/// app.on("load") { CarSettings.load() }                 // () -> Encodable
/// app.on("setSpeed") { (args: Speed) in try car.set(args.speed) }
/// ```
///
/// Arguments decode from the step's `args`; results encode to JSON with sorted keys,
/// ISO 8601 dates and Base64 data, so that the grader can compare them structurally.
public struct Operations {
    /// Takes the step's arguments (nil when it has none) and returns the result as JSON.
    typealias Handler = (JSONValue?) throws -> JSONValue

    var handlers: [String: Handler] = [:]
    var terminationHandlers: [() -> Void] = []
    /// The operations whose results compare with their number types.
    var typedNumbers: Set<String> = []

    init() {}

    /// Registers an operation that takes arguments and returns a value.
    public mutating func on<Args: Decodable, Result: Encodable>(
        _ name: String, _ body: @escaping (Args) throws -> Result
    ) {
        handlers[name] = { arguments in
            let args = try Self.decodeArguments(Args.self, from: arguments, operation: name)
            return try Self.encodeResult(try body(args))
        }
    }

    /// Registers an operation that takes arguments and returns nothing.
    public mutating func on<Args: Decodable>(_ name: String, _ body: @escaping (Args) throws -> Void) {
        on(name) { (args: Args) -> Nothing in
            try body(args)
            return Nothing()
        }
    }

    /// Registers an operation without arguments that returns a value.
    public mutating func on<Result: Encodable>(_ name: String, _ body: @escaping () throws -> Result) {
        on(name) { (_: NoArguments) in try body() }
    }

    /// Registers an operation without arguments that returns nothing.
    public mutating func on(_ name: String, _ body: @escaping () throws -> Void) {
        on(name) { (_: NoArguments) -> Nothing in
            try body()
            return Nothing()
        }
    }

    /// Runs `body` when the process is terminated gracefully (a `relaunch` step), before the
    /// user defaults are saved: the counterpart of `applicationWillTerminate(_:)`.
    public mutating func onTerminate(_ body: @escaping () -> Void) {
        terminationHandlers.append(body)
    }

    /// Asks that the numbers in these operations' results compare with their type: an integer
    /// never equals a fractional number, even 3 and 3.0. For results whose number types the
    /// learner's code decides at run time, such as values read from a property list or
    /// `UserDefaults` (`JSONValue(propertyList:)` keeps `<integer>` and `<real>` apart); where
    /// a Swift type fixes them (a `Double` property), they compare as numbers, within the step's
    /// tolerance, as before.
    public mutating func compareNumberTypes(of names: String...) {
        typedNumbers.formUnion(names)
    }

    /// The registered operation names, sorted.
    public var names: [String] { handlers.keys.sorted() }
}

/// The encoding of "returned nothing": JSON `null`.
struct Nothing: Encodable {
    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}

/// Accepts any arguments, including none.
struct NoArguments: Decodable {
    init(from decoder: Decoder) throws {}
}

/// A request whose arguments the driver could not use: a defect in the course's files.
struct DriverFault: Error, CustomStringConvertible {
    var description: String
}

extension Operations {
    static func decodeArguments<Args: Decodable>(
        _ type: Args.Type, from arguments: JSONValue?, operation: String
    ) throws -> Args {
        do {
            // No `args:` in the case: decode the arguments from an empty object, so that
            // argument types whose fields are all optional still work.
            let data = try arguments.map { try JSONEncoder.exercise.encode($0) } ?? Data("{}".utf8)
            return try JSONDecoder.exercise.decode(Args.self, from: data)
        } catch {
            throw DriverFault(description: "arguments of '\(operation)' do not match \(Args.self): \(error)")
        }
    }

    /// The result as the JSON value the grader compares: encoded as ``JSONEncoder/exercise``
    /// encodes it (ISO 8601 dates, Base64 data), then read back.
    static func encodeResult<Result: Encodable>(_ result: Result) throws -> JSONValue {
        do {
            if let value = result as? JSONValue { return value }
            let value = try JSONValue(parsing: try JSONEncoder.exercise.encode(result))
            // JSON text writes the Double 3.0 as 3: put back what the result's types say.
            return NumberTypes.restoring(NumberTypes.doublePointers(encoding: result), in: value)
        } catch {
            throw DriverFault(description: "the result \(result) cannot be encoded as JSON: \(error)")
        }
    }
}

extension JSONEncoder {
    /// The encoder for results: sorted keys, ISO 8601 dates, so results compare structurally.
    public static var exercise: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }
}

extension JSONDecoder {
    /// The decoder for arguments: ISO 8601 dates, matching ``JSONEncoder/exercise``.
    public static var exercise: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
