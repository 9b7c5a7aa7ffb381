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
    typealias Handler = (Data) throws -> Data

    var handlers: [String: Handler] = [:]
    var terminationHandlers: [() -> Void] = []

    init() {}

    /// Registers an operation that takes arguments and returns a value.
    public mutating func on<Args: Decodable, Result: Encodable>(
        _ name: String, _ body: @escaping (Args) throws -> Result
    ) {
        handlers[name] = { request in
            let args = try Self.decodeArguments(Args.self, from: request, operation: name)
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
    private struct Envelope<Args: Decodable>: Decodable {
        var args: Args?
    }

    static func decodeArguments<Args: Decodable>(
        _ type: Args.Type, from request: Data, operation: String
    ) throws -> Args {
        do {
            let envelope = try JSONDecoder.exercise.decode(Envelope<Args>.self, from: request)
            if let args = envelope.args { return args }
            // No `args:` in the case: decode the arguments from an empty object, so that
            // argument types whose fields are all optional still work.
            return try JSONDecoder.exercise.decode(Args.self, from: Data("{}".utf8))
        } catch {
            throw DriverFault(description: "arguments of '\(operation)' do not match \(Args.self): \(error)")
        }
    }

    static func encodeResult<Result: Encodable>(_ result: Result) throws -> Data {
        do {
            return try JSONEncoder.exercise.encode(result)
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
