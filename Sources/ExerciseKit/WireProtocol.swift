import Foundation

/// The messages that the grader and an exercise binary exchange, one JSON object per line.
///
/// Both sides encode and decode the same types, ``WireRequest`` and ``WireReply``: the grader
/// writes requests to the descriptor named by ``requestFDVariable`` and reads replies from the
/// one named by ``replyFDVariable``. Standard output and error stay free for the learner's own
/// `print` calls, which the grader captures per step.
///
/// On the wire:
/// - `{"secret": "…"}` is the first line the grader writes: a fresh random value per launch,
///   read by the runtime before the driver registers anything, so before any learner code runs;
/// - every later request carries `"seq": n` (1, 2, 3… within the launch), and every reply
///   carries the same `seq` and the launch's `secret` (see ``WireEnvelope``): a line the
///   learner's code writes to the reply descriptor cannot name the secret, so it is not taken
///   as the driver's reply;
/// - `{"op": "save", "args": {…}}` calls an operation registered by the driver;
/// - `{"control": "terminate"}` ends the process as the system ends a suspended app;
/// - `{"control": "operations"}` asks for the registered operation names (the reply is their
///   list as a value), and tells the grader the app is up;
/// - `{"value": …}` the operation's result (`null` when it returns nothing), with
///   `"doubles": [pointers]` when it holds whole `Double`s (see ``NumberTypes``; requests' `args`
///   carry the same), and `"number_types": true` when the driver asks that its numbers compare
///   with their type;
/// - `{"error": {"type": …, "case": …, "description": …}}` the learner's code threw;
/// - `{"fault": "…"}` the driver could not run the request (a defect of the course).
public enum WireProtocol {
    /// Environment variable holding the descriptor the driver reads requests from.
    public static let requestFDVariable = "EXERCISEKIT_REQUEST_FD"
    /// Environment variable holding the descriptor the driver writes replies to.
    public static let replyFDVariable = "EXERCISEKIT_REPLY_FD"
    /// Environment variable naming extra `UserDefaults` suites (comma-separated) to save when
    /// the process is terminated gracefully.
    public static let suitesVariable = "EXERCISEKIT_DEFAULTS_SUITES"
    /// The descriptors the grader hands over, and the driver's defaults when the variables are unset.
    public static let requestFD: Int32 = 3
    public static let replyFD: Int32 = 4

    /// One message as a line: compact JSON with sorted keys, then a newline.
    public static func line<Message: Encodable>(_ message: Message) throws -> Data {
        var data = try JSONEncoder.sortedCompact.encode(message)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}

/// The first line of a launch's request stream: the secret that every reply must carry.
public struct WireGreeting: Codable, Hashable, Sendable {
    public var secret: String

    public init(secret: String) {
        self.secret = secret
    }

    /// 128 random bits as 32 hexadecimal digits.
    public static func freshSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }
}

/// A request or reply with the fields that tie it to its launch and its place in it, written
/// beside the message's own keys: `{"op":"load","seq":2}`, `{"secret":"…","seq":2,"value":3}`.
public struct WireEnvelope<Message: Codable & Sendable & Hashable>: Codable, Hashable, Sendable {
    public var message: Message
    /// The request's number within the launch; a reply repeats its request's.
    public var sequence: Int
    /// The launch's secret: present on replies, absent on requests.
    public var secret: String?
    /// On a reply: the driver asks that the value's numbers compare with their type (an
    /// integer never equals a fractional number); see ``Operations/compareNumberTypes(of:)``.
    public var numberTypes: Bool

    public init(_ message: Message, sequence: Int, secret: String? = nil, numberTypes: Bool = false) {
        self.message = message
        self.sequence = sequence
        self.secret = secret
        self.numberTypes = numberTypes
    }

    private enum CodingKeys: String, CodingKey {
        case seq, secret
        case numberTypes = "number_types"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try container.decode(Int.self, forKey: .seq)
        secret = try container.decodeIfPresent(String.self, forKey: .secret)
        numberTypes = try container.decodeIfPresent(Bool.self, forKey: .numberTypes) ?? false
        message = try Message(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try message.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .seq)
        try container.encodeIfPresent(secret, forKey: .secret)
        if numberTypes { try container.encode(true, forKey: .numberTypes) }
    }
}

/// A life-cycle control sent instead of an operation.
public enum WireControl: String, Codable, Sendable {
    /// End the process the way the system terminates a suspended app: defaults are saved.
    case terminate
    /// Reply with the names of the registered operations.
    case operations
}

/// What the grader asks of an exercise binary.
public enum WireRequest: Hashable, Sendable, Codable {
    /// Call the operation registered under `operation`, with the step's arguments if it has any.
    case call(operation: String, arguments: JSONValue?)
    case control(WireControl)

    private enum CodingKeys: String, CodingKey {
        case op, args, control
        /// The pointers of whole `Double`s in `args` (see ``NumberTypes``).
        case doubles
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let control = try container.decodeIfPresent(WireControl.self, forKey: .control) {
            self = .control(control)
        } else {
            let arguments = try container.decodeIfPresent(JSONValue.self, forKey: .args)
            let doubles = try container.decodeIfPresent([String].self, forKey: .doubles) ?? []
            self = .call(operation: try container.decode(String.self, forKey: .op),
                         arguments: arguments.map { NumberTypes.restoring(doubles, in: $0) })
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .call(let operation, let arguments):
            try container.encode(operation, forKey: .op)
            try container.encodeIfPresent(arguments, forKey: .args)
            if let arguments, case let doubles = NumberTypes.doublePointers(in: arguments), !doubles.isEmpty {
                try container.encode(doubles, forKey: .doubles)
            }
        case .control(let control):
            try container.encode(control, forKey: .control)
        }
    }
}

/// What an exercise binary answers to a request.
public enum WireReply: Hashable, Sendable, Codable {
    /// The operation returned this value.
    case value(JSONValue)
    /// The learner's code threw.
    case error(ThrownError)
    /// The driver could not run the request: a defect of the course's files.
    case fault(String)

    private enum CodingKeys: String, CodingKey {
        case value, error, fault
        /// The pointers of whole `Double`s in `value` (see ``NumberTypes``).
        case doubles
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.value) {
            let doubles = try container.decodeIfPresent([String].self, forKey: .doubles) ?? []
            self = .value(NumberTypes.restoring(doubles, in: try container.decode(JSONValue.self, forKey: .value)))
        } else if let error = try container.decodeIfPresent(ThrownError.self, forKey: .error) {
            self = .error(error)
        } else if let fault = try container.decodeIfPresent(String.self, forKey: .fault) {
            self = .fault(fault)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a reply has a value, an error or a fault"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .value(let value):
            try container.encode(value, forKey: .value)
            let doubles = NumberTypes.doublePointers(in: value)
            if !doubles.isEmpty { try container.encode(doubles, forKey: .doubles) }
        case .error(let error): try container.encode(error, forKey: .error)
        case .fault(let message): try container.encode(message, forKey: .fault)
        }
    }
}
