import Foundation

/// How two JSON values are compared.
public struct ComparisonOptions: Hashable, Sendable, Codable {
    /// Numbers within this absolute or relative difference are equal.
    public var tolerance: Double
    /// Arrays are compared as multisets: order does not matter.
    public var unordered: Bool

    public init(tolerance: Double = 1e-9, unordered: Bool = false) {
        self.tolerance = tolerance
        self.unordered = unordered
    }

    public static let standard = ComparisonOptions()
}
