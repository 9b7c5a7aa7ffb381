import Foundation

/// An order for fetched objects: Core Data's `NSSortDescriptor`. Named so because Foundation
/// already has a `SortDescriptor`.
///
/// ```swift
/// let byName = GraphSortDescriptor(key: "name", comparison: .caseInsensitive)
/// let byOwnerThenYear = [GraphSortDescriptor(key: "owner.name"), GraphSortDescriptor(key: "year", ascending: false)]
/// ```
///
/// The order is SQLite's, in memory too: nil first when ascending (last when descending),
/// numbers, dates and booleans by value, strings by Unicode code point, or ignoring case with
/// ``StringComparison/caseInsensitive`` (the collation ``SQLiteFunctions`` registers runs the
/// same comparison).
public struct GraphSortDescriptor: CustomStringConvertible {
    /// How strings compare.
    public enum StringComparison {
        /// By Unicode code point, as SQLite's `BINARY` collation: "Z" before "a".
        case standard
        /// Ignoring case: Core Data's `#selector(NSString.caseInsensitiveCompare(_:))`.
        case caseInsensitive
    }

    /// The key path sorted on; it may go through to-one relationships (`owner.name`).
    public let key: String
    public let ascending: Bool
    public let comparison: StringComparison

    public init(key: String, ascending: Bool = true, comparison: StringComparison = .standard) {
        self.key = key
        self.ascending = ascending
        self.comparison = comparison
    }

    var keyPath: [String] { key.split(separator: ".").map(String.init) }

    /// The same descriptor in the other direction.
    public var reversed: GraphSortDescriptor {
        GraphSortDescriptor(key: key, ascending: !ascending, comparison: comparison)
    }

    /// How `a` and `b` compare under this descriptor (reversed when descending).
    ///
    /// A key path through a to-many relationship is a programming error and traps.
    public func compare(_ a: KeyValueReading, _ b: KeyValueReading) -> ComparisonResult {
        do {
            return try compareThrowing(a, b)
        } catch {
            fatalError("\(error) (sort descriptor `\(key)`)")
        }
    }

    func compareThrowing(_ a: Any, _ b: Any) throws -> ComparisonResult {
        let left = PredicateValue(try PredicateEvaluator.value(at: keyPath, of: a))
        let right = PredicateValue(try PredicateEvaluator.value(at: keyPath, of: b))
        let result = PredicateValue.order(left, right, caseInsensitive: comparison == .caseInsensitive)
        guard !ascending else { return result }
        switch result {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }

    public var description: String {
        "(\(key), \(ascending ? "ascending" : "descending")\(comparison == .caseInsensitive ? ", caseInsensitiveCompare:" : ""))"
    }
}

extension GraphSortDescriptor {
    /// `objects` ordered by `descriptors`, the first deciding and the next breaking its ties.
    /// Stable: objects equal under every descriptor keep their order.
    public static func sorted<T>(_ objects: [T], by descriptors: [GraphSortDescriptor]) -> [T] {
        guard !descriptors.isEmpty else { return objects }
        // Swift's sort is not stable by contract, so ties fall back to the original position.
        return objects.enumerated().sorted { lhs, rhs in
            for descriptor in descriptors {
                let result: ComparisonResult
                do {
                    result = try descriptor.compareThrowing(lhs.element, rhs.element)
                } catch {
                    fatalError("\(error) (sort descriptor `\(descriptor.key)`)")
                }
                if result != .orderedSame { return result == .orderedAscending }
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}

extension Array {
    /// This array ordered by `descriptors`, stably (NSArray's `sortedArray(using:)`).
    public func sorted(by descriptors: [GraphSortDescriptor]) -> [Element] {
        GraphSortDescriptor.sorted(self, by: descriptors)
    }
}
