import Foundation

/// A randomized differential case's inputs: `count` inputs drawn from `seed`, each an object
/// of one value per variable, substituted for `$name` in the steps.
public struct InputSpec: Sendable, Hashable, Codable {
    public struct Variable: Sendable, Hashable, Codable {
        public var name: String
        public var generator: ValueGenerator
    }

    public var seed: UInt64
    public var count: Int
    public var variables: [Variable]
}
