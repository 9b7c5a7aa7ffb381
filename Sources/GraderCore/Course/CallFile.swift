import ExerciseKit


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
    /// Compared with the reference, a thrown error's associated values and code count too.
    var errorDetails: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case call
        case killDuring = "kill_during"
        case args, expect
        case expectOneOf = "expect_one_of"
        case expectError = "expect_error"
        case stdout, unordered, tolerance
        case errorDetails = "error_details"
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
        args = try container.decodeIfPresent(YAMLValue.self, forKey: .args)?.value
        hasExpect = container.contains(.expect)
        expect = hasExpect ? try container.decode(YAMLValue.self, forKey: .expect).value : nil
        expectOneOf = try container.decodeIfPresent([YAMLValue].self, forKey: .expectOneOf)?.map(\.value)
        expectError = try container.decodeIfPresent(ErrorFile.self, forKey: .expectError)
        stdout = try container.decodeIfPresent(String.self, forKey: .stdout)
        unordered = try container.decodeIfPresent(Bool.self, forKey: .unordered)
        tolerance = try container.decodeIfPresent(Double.self, forKey: .tolerance)
        try decoder.check(tolerance.flatMap { $0.isFinite ? nil : "a tolerance is a finite number, such as 0.001" }, at: CodingKeys.tolerance)
        errorDetails = try container.decodeIfPresent(Bool.self, forKey: .errorDetails)
        if [hasExpect, expectOneOf != nil, expectError != nil].filter({ $0 }).count > 1 {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath + [expectError != nil ? CodingKeys.expectError : CodingKeys.expectOneOf],
                debugDescription: "a step has one of `expect`, `expect_one_of` and `expect_error`, not several"))
        }
    }
}
