/// `exercise.yml` as written: an exercise's metadata and cases. Validated into ``Exercise``.
/// `Exercises/README.md` documents every field with a complete example.
struct ExerciseFile: Decodable {
    static let currentFormat = 1

    var format: Int
    var title: String
    var summary: String
    var points: Int?
    var hints: [String]
    var limits: LimitsFile?
    var defaultsSuites: [String]
    /// Names of files or folders in the course's `Resources/` to put in the app bundle.
    var resources: [String]
    var cases: [CaseFile]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case format, title, summary, points, hints, limits
        case defaultsSuites = "defaults_suites"
        case resources, cases
    }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(Int.self, forKey: .format)
        title = try container.decode(String.self, forKey: .title)
        summary = try container.decode(String.self, forKey: .summary)
        points = try container.decodeIfPresent(Int.self, forKey: .points)
        hints = try container.decodeIfPresent([String].self, forKey: .hints) ?? []
        limits = try container.decodeIfPresent(LimitsFile.self, forKey: .limits)
        defaultsSuites = try container.decodeIfPresent([String].self, forKey: .defaultsSuites) ?? []
        resources = try container.decodeIfPresent([String].self, forKey: .resources) ?? []
        cases = try container.decode([CaseFile].self, forKey: .cases)
    }
}

/// One case: a named list of steps.
struct CaseFile: Decodable {
    var name: String
    var weight: Double?
    var hidden: Bool?
    var steps: [StepFile]
    var container: [ContainerAssertionFile]
    var repetitions: Int?
    var seed: UInt64?
    var generate: InputSpecFile?
    /// `10x`: relative to the reference's time.
    var timeout: String?
    var timeoutFloor: SecondsValue?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, weight, hidden, steps, container
        case repetitions = "repeat"
        case seed, generate, timeout
        case timeoutFloor = "timeout_floor"
    }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        weight = try container.decodeIfPresent(Double.self, forKey: .weight)
        hidden = try container.decodeIfPresent(Bool.self, forKey: .hidden)
        steps = try container.decode([StepFile].self, forKey: .steps)
        self.container = try container.decodeIfPresent([ContainerAssertionFile].self, forKey: .container) ?? []
        repetitions = try container.decodeIfPresent(Int.self, forKey: .repetitions)
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
        generate = try container.decodeIfPresent(InputSpecFile.self, forKey: .generate)
        timeout = try container.decodeIfPresent(String.self, forKey: .timeout)
        timeoutFloor = try container.decodeIfPresent(SecondsValue.self, forKey: .timeoutFloor)
    }
}

/// One entry of a case's `container:` list.
struct ContainerAssertionFile: Decodable {
    var path: String
    var kind: ContainerAssertion.Kind
    var equals: JSONValue?
    var size: SizeBounds?
    var unordered: Bool?
    var tolerance: Double?
    var query: String?
    var userVersion: Int?

    struct SizeBounds: Decodable {
        var min: ByteCount?
        var max: ByteCount?

        enum CodingKeys: String, CodingKey, CaseIterable { case min, max }

        init(from decoder: Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            min = try container.decodeIfPresent(ByteCount.self, forKey: .min)
            max = try container.decodeIfPresent(ByteCount.self, forKey: .max)
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case path
        case kind = "is"
        case equals, size, unordered, tolerance, query
        case userVersion = "user_version"
    }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decode(String.self, forKey: .path)
        let kindName = try container.decode(String.self, forKey: .kind)
        guard let kind = ContainerAssertion.Kind(rawValue: kindName) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath + [CodingKeys.kind],
                debugDescription: "unknown kind '\(kindName)'; expected one of: \(ContainerAssertion.Kind.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        self.kind = kind
        equals = container.contains(.equals) ? try container.decode(JSONValue.self, forKey: .equals) : nil
        size = try container.decodeIfPresent(SizeBounds.self, forKey: .size)
        unordered = try container.decodeIfPresent(Bool.self, forKey: .unordered)
        tolerance = try container.decodeIfPresent(Double.self, forKey: .tolerance)
        query = try container.decodeIfPresent(String.self, forKey: .query)
        userVersion = try container.decodeIfPresent(Int.self, forKey: .userVersion)
    }
}

/// A step: the word `relaunch` or `kill`, or a mapping with `call` or `kill_during`.
enum StepFile: Decodable {
    case relaunch
    case kill
    case call(CallFile)
    case killDuring(CallFile)

    init(from decoder: Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            switch word {
            case "relaunch": self = .relaunch
            case "kill": self = .kill
            default:
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath,
                    debugDescription: "unknown step '\(word)'; a step is `relaunch`, `kill` or a mapping with `call:` or `kill_during:`"))
            }
            return
        }
        let call = try CallFile(from: decoder)
        self = call.killsDuring ? .killDuring(call) : .call(call)
    }
}

/// A `call` step.
struct CallFile: Decodable {
    var call: String
    /// Written `kill_during: save`: the call is killed part-way.
    var killsDuring = false
    var args: JSONValue?
    var expect: JSONValue?
    var expectOneOf: [JSONValue]?
    var expectError: ErrorFile?
    var stdout: String?
    var unordered: Bool?
    var tolerance: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case call
        case killDuring = "kill_during"
        case args, expect
        case expectOneOf = "expect_one_of"
        case expectError = "expect_error"
        case stdout, unordered, tolerance
    }

    /// Whether `expect:` was written (an explicit `expect: null` is a literal expectation).
    var hasExpect: Bool

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let name = try container.decodeIfPresent(String.self, forKey: .killDuring) {
            if container.contains(.call) {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath + [CodingKeys.killDuring],
                    debugDescription: "a step has either `call` or `kill_during`, not both"))
            }
            for key in [CodingKeys.expect, .expectOneOf, .expectError, .stdout] where container.contains(key) {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath + [key],
                    debugDescription: "a `kill_during` step has no result to check; check the data after the relaunch that follows it"))
            }
            call = name
            killsDuring = true
        } else {
            call = try container.decode(String.self, forKey: .call)
        }
        args = try container.decodeIfPresent(JSONValue.self, forKey: .args)
        hasExpect = container.contains(.expect)
        expect = hasExpect ? try container.decode(JSONValue.self, forKey: .expect) : nil
        expectOneOf = try container.decodeIfPresent([JSONValue].self, forKey: .expectOneOf)
        expectError = try container.decodeIfPresent(ErrorFile.self, forKey: .expectError)
        stdout = try container.decodeIfPresent(String.self, forKey: .stdout)
        unordered = try container.decodeIfPresent(Bool.self, forKey: .unordered)
        tolerance = try container.decodeIfPresent(Double.self, forKey: .tolerance)
        if [hasExpect, expectOneOf != nil, expectError != nil].filter({ $0 }).count > 1 {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath + [expectError != nil ? CodingKeys.expectError : CodingKeys.expectOneOf],
                debugDescription: "a step has one of `expect`, `expect_one_of` and `expect_error`, not several"))
        }
    }
}

/// `expect_error: Type.case`, or `{type: …, case: …, path: …}` to state the coding path too.
struct ErrorFile: Decodable {
    var text: String?
    var type: String?
    var `case`: String?
    var path: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, `case`, path
    }

    init(from decoder: Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.text = text
            return
        }
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        `case` = try container.decodeIfPresent(String.self, forKey: .case)
        path = try container.decodeIfPresent(String.self, forKey: .path)
    }
}
