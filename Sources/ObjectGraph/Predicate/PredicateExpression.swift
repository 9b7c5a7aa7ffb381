import Foundation

/// One side of a comparison: Core Data's `NSExpression`, limited to what format strings make.
indirect enum PredicateExpression {
    /// `name`, `owner.name`, `cars.year`: keys read one after the other.
    case keyPath([String])
    /// `cars.@count`: the number of objects of a to-many relationship at the end of the path.
    case count([String])
    /// A literal or a `%@`/`%d`… argument: a scalar, an object, or an array or set for `IN`.
    case constant(Any?)
    /// `{a, b}`: an aggregate literal, for `IN` and `BETWEEN`.
    case aggregate([PredicateExpression])

    /// The elements of a collection on the right of `IN` or `BETWEEN`, nil if it is not one.
    var collectionElements: [PredicateExpression]? {
        switch self {
        case .aggregate(let elements): return elements
        case .constant(let value?):
            return PredicateCollections.elements(of: value)?.map { .constant($0) }
        default: return nil
        }
    }

    /// The format string text of this expression, as NSExpression's `description`.
    var format: String {
        switch self {
        case .keyPath(let path): return path.joined(separator: ".")
        case .count(let path): return (path + ["@count"]).joined(separator: ".")
        case .aggregate(let elements): return "{" + elements.map(\.format).joined(separator: ", ") + "}"
        case .constant(let value): return Self.format(value)
        }
    }

    static func format(_ value: Any?) -> String {
        guard let value, !(value is NSNull) else { return "nil" }
        switch value {
        case let bool as Bool: return bool ? "YES" : "NO"
        case let string as String:
            let escaped = string.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"" + escaped + "\""
        case let date as Date:
            // NSPredicate prints dates this way too.
            return "CAST(" + String(format: "%f", date.timeIntervalSinceReferenceDate) + ", \"NSDate\")"
        case let data as Data: return "<" + data.map { String(format: "%02x", $0) }.joined() + ">"
        case let object as ManagedObject: return object.objectID.map { $0.description } ?? "\(object)"
        case let double as Double: return String(describing: double)
        default:
            if let elements = PredicateCollections.elements(of: value) {
                return "{" + elements.map(format).joined(separator: ", ") + "}"
            }
            return String(describing: value)
        }
    }
}

/// A comparison such as `ANY cars.year >= 2000`: Core Data's `NSComparisonPredicate`.
struct PredicateComparison {
    var modifier: PredicateModifier
    var left: PredicateExpression
    var op: PredicateOperator
    var options: StringOptions
    var right: PredicateExpression

    var format: String {
        let modifier = self.modifier == .direct ? "" : self.modifier.rawValue + " "
        let options = self.options.isEmpty ? "" : "[" + self.options.flags + "]"
        return modifier + left.format + " " + op.rawValue + options + " " + right.format
    }
}

/// Telling to-many values (sets and arrays of objects) from scalars and single objects.
enum PredicateCollections {
    /// The elements of `value` if it is a collection: an array, a set, an `NSArray`… Strings,
    /// data and objects (dictionaries included: they stand for to-one objects) are not.
    static func elements(of value: Any) -> [Any]? {
        if value is String || value is Data || value is KeyValueReading { return nil }
        if let array = value as? [Any] { return array }
        if let sequence = value as? any Sequence { return Array(anySequence: sequence) }
        return nil
    }
}

extension Array where Element == Any {
    fileprivate init(anySequence sequence: some Sequence) {
        self = sequence.map { $0 as Any }
    }
}
