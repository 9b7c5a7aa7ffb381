import Foundation

/// How two JSON values are compared.
public struct ComparisonOptions: Hashable, Sendable, Codable {
    /// Numbers within this absolute or relative difference are equal.
    public var tolerance: Double
    /// Arrays are compared as multisets: order does not matter.
    public var unordered: Bool
    /// An error compared with the reference's must also have its associated values and code.
    public var errorDetails: Bool
    /// Numbers compare with their type: an integer never equals a fractional number, even 3
    /// and 3.0 (a property list's `<integer>` and `<real>`).
    public var numberTypes: Bool

    public init(tolerance: Double = 1e-9, unordered: Bool = false, errorDetails: Bool = false, numberTypes: Bool = false) {
        self.tolerance = tolerance
        self.unordered = unordered
        self.errorDetails = errorDetails
        self.numberTypes = numberTypes
    }

    private enum CodingKeys: String, CodingKey {
        case tolerance, unordered, errorDetails, numberTypes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tolerance = try container.decode(Double.self, forKey: .tolerance)
        unordered = try container.decode(Bool.self, forKey: .unordered)
        errorDetails = try container.decode(Bool.self, forKey: .errorDetails)
        // Absent from what earlier versions stored.
        numberTypes = try container.decodeIfPresent(Bool.self, forKey: .numberTypes) ?? false
    }

    public static let standard = ComparisonOptions()
}
