import ExerciseKit
import Foundation

/// `explore:` in `exercise.yml`, as written.
struct ExplorationFile: Decodable {
    /// Sequences tried when `sequences` is not given.
    static let defaultSequences = 96

    var seed: UInt64
    var sequences: Int
    var length: Int
    var weight: Double?
    var operations: [(String, OperationFile)]
    var relaunch: Double
    var kill: Double
    var container: [ContainerAssertionFile]

    /// One operation: its argument generators, weight and comparison options.
    struct OperationFile: Decodable {
        var args: [(String, ValueGenerator)] = []
        var weight = 1
        var errorDetails = false
        var unordered = false

        enum CodingKeys: String, CodingKey, CaseIterable {
            /// `argument:` one generator for the whole argument (a bare list, say), instead of one per member.
            case args, argument, weight
            case errorDetails = "error_details"
            case unordered
        }

        init(from decoder: Decoder) throws {
            // `save: {}` or `close:` (null): no arguments, default weight.
            if (try? decoder.singleValueContainer().decodeNil()) == true { return }
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let c = try decoder.container(keyedBy: CodingKeys.self)
            if c.contains(.argument) {
                if c.contains(.args) {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [CodingKeys.argument],
                                                           debugDescription: "an operation has `args` (one generator per member) or `argument` (one for the whole argument), not both"))
                }
                args = [(ExplorationSpec.Operation.wholeArgument, try c.decode(GeneratorFile.self, forKey: .argument).generator)]
            } else if c.contains(.args) {
                let generators = try c.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .args)
                args = try generators.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                    ($0.stringValue, try generators.decode(GeneratorFile.self, forKey: $0).generator)
                }
            }
            weight = try c.decodeIfPresent(Int.self, forKey: .weight) ?? 1
            guard (1...100).contains(weight) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [CodingKeys.weight],
                                                       debugDescription: "a weight is between 1 and 100"))
            }
            errorDetails = try c.decodeIfPresent(Bool.self, forKey: .errorDetails) ?? false
            unordered = try c.decodeIfPresent(Bool.self, forKey: .unordered) ?? false
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case seed, sequences
        /// Gone: `check`, `verify` and `batch` explore the same sequences. Read only to say so.
        case verifySequences = "verify_sequences"
        case length, weight, operations, relaunch, kill, container
    }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func fail(_ key: CodingKeys, _ message: String) -> Error {
            DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [key], debugDescription: message))
        }
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed) ?? 1
        sequences = try c.decodeIfPresent(Int.self, forKey: .sequences) ?? Self.defaultSequences
        guard (1...1000).contains(sequences) else { throw fail(.sequences, "between 1 and 1000 sequences") }
        if c.contains(.verifySequences) {
            throw fail(.verifySequences, "`check`, `verify` and `batch` explore the same sequences, so that a student sees the verdict the instructor's grading gives: write the budget as `sequences` and leave this field out")
        }
        length = try c.decodeIfPresent(Int.self, forKey: .length) ?? 8
        guard (1...100).contains(length) else { throw fail(.length, "between 1 and 100 calls") }
        weight = try c.decodeIfPresent(Double.self, forKey: .weight)
        if let message = weight.flatMap({ FieldBounds.weight.problem($0) }) { throw fail(.weight, message) }
        relaunch = try c.decodeIfPresent(Double.self, forKey: .relaunch) ?? 0.15
        guard relaunch.isFinite, (0...1).contains(relaunch) else { throw fail(.relaunch, "a chance between 0 and 1") }
        kill = try c.decodeIfPresent(Double.self, forKey: .kill) ?? 0.05
        guard kill.isFinite, (0...1).contains(kill), relaunch + kill <= 1 else {
            throw fail(.kill, "a chance between 0 and 1, and relaunch + kill at most 1")
        }
        let named = try c.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .operations)
        operations = try named.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
            ($0.stringValue, try named.decode(OperationFile.self, forKey: $0))
        }
        guard !operations.isEmpty else { throw fail(.operations, "name at least one operation to call") }
        container = try c.decodeIfPresent([ContainerAssertionFile].self, forKey: .container) ?? []
    }
}
