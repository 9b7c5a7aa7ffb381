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

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, weight, hidden, steps
    }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        weight = try container.decodeIfPresent(Double.self, forKey: .weight)
        hidden = try container.decodeIfPresent(Bool.self, forKey: .hidden)
        steps = try container.decode([StepFile].self, forKey: .steps)
    }
}

/// A step: the word `relaunch` or `kill`, or a mapping with `call`.
enum StepFile: Decodable {
    case relaunch
    case kill
    case call(CallFile)

    init(from decoder: Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            switch word {
            case "relaunch": self = .relaunch
            case "kill": self = .kill
            default:
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath,
                    debugDescription: "unknown step '\(word)'; a step is `relaunch`, `kill` or a mapping with `call:`"))
            }
            return
        }
        self = .call(try CallFile(from: decoder))
    }
}

/// A `call` step.
struct CallFile: Decodable {
    var call: String
    var args: JSONValue?
    var expect: JSONValue?
    var expectError: String?
    var stdout: String?
    var unordered: Bool?
    var tolerance: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case call, args, expect
        case expectError = "expect_error"
        case stdout, unordered, tolerance
    }

    /// Whether `expect:` was written (an explicit `expect: null` is a literal expectation).
    var hasExpect: Bool

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        call = try container.decode(String.self, forKey: .call)
        args = try container.decodeIfPresent(JSONValue.self, forKey: .args)
        hasExpect = container.contains(.expect)
        expect = hasExpect ? try container.decode(JSONValue.self, forKey: .expect) : nil
        expectError = try container.decodeIfPresent(String.self, forKey: .expectError)
        stdout = try container.decodeIfPresent(String.self, forKey: .stdout)
        unordered = try container.decodeIfPresent(Bool.self, forKey: .unordered)
        tolerance = try container.decodeIfPresent(Double.self, forKey: .tolerance)
        if hasExpect && expectError != nil {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath + [CodingKeys.expectError],
                debugDescription: "a step has either `expect` or `expect_error`, not both"))
        }
    }
}
