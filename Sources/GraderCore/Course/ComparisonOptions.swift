import Foundation

/// How two JSON values are compared.
public struct ComparisonOptions: Hashable, Sendable, Codable {
    /// Numbers within this absolute or relative difference are equal.
    public var tolerance: Double
    /// Arrays are compared as multisets: order does not matter.
    public var unordered: Bool
    /// An error compared with the reference's must also have its associated values and code.
    public var errorDetails: Bool

    public init(tolerance: Double = 1e-9, unordered: Bool = false, errorDetails: Bool = false) {
        self.tolerance = tolerance
        self.unordered = unordered
        self.errorDetails = errorDetails
    }

    public static let standard = ComparisonOptions()
}
