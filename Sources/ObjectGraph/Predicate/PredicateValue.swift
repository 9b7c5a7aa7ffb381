import Foundation

/// A value as predicates compare it, whichever side it comes from: an object's property read in
/// memory, a constant of the format string, or a column value handed to one of the SQL functions
/// of ``SQLiteFunctions``.
///
/// Everything is reduced to SQLite's storage classes first (booleans and integers to `integer`,
/// dates to `real` seconds since 2001, as the store writes them), so that comparing in memory and
/// comparing in SQL cannot disagree: both end in the functions of this type.
enum PredicateValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    /// A managed object or an object ID, compared by identity.
    case object(ObjectReference)
    /// Anything else (a dictionary standing for an object, an unknown type): equal only to itself.
    case other(Any)

    /// What identifies an object: the instance, and its ID when it has one.
    struct ObjectReference {
        let instance: AnyObject?
        let id: ManagedObjectID?

        func isSame(as other: ObjectReference) -> Bool {
            if let left = instance, let right = other.instance, left === right { return true }
            if let left = id, let right = other.id { return left == right }
            return false
        }
    }

    init(_ value: Any?) {
        guard let value = value.flatMap(Self.unwrapped) else {
            self = .null
            return
        }
        // Swift's own types first, by exact type: a failed cast to a Foundation type (`Data`,
        // `NSNull`) tries bridging and costs far more than these.
        switch value {
        case let integer as Int: self = .integer(Int64(integer))
        case let integer as Int64: self = .integer(integer)
        case let integer as Int32: self = .integer(Int64(integer))
        case let integer as Int16: self = .integer(Int64(integer))
        case is NSNull: self = .null
        case let bool as Bool: self = .integer(bool ? 1 : 0)
        case let double as Double: self = .real(double)
        case let float as Float: self = .real(Double(float))
        case let date as Date: self = .real(date.timeIntervalSinceReferenceDate)
        case let string as String: self = .text(string)
        case let data as Data: self = .blob(data)
        case let object as ManagedObject: self = .object(ObjectReference(instance: object, id: object.objectID))
        case let view as CommittedView: self = .object(ObjectReference(instance: view.object, id: view.object.objectID))
        case let id as ManagedObjectID: self = .object(ObjectReference(instance: nil, id: id))
        default:
            if let integer = AttributeValues.int64(value) {
                self = .integer(integer)
            } else if let object = value as? KeyValueReading, type(of: value) is AnyClass {
                self = .object(ObjectReference(instance: object as AnyObject, id: nil))
            } else {
                self = .other(value)
            }
        }
    }

    /// `value` without the optionals boxed in it: an `[Any?]` element or a dictionary's `Any?`
    /// value arrives as `Any` holding `Optional.none`, which is nil all the same.
    static func unwrapped(_ value: Any) -> Any? { unwrap(value) }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    var string: String? {
        if case .text(let string) = self { return string }
        return nil
    }

    /// SQLite's order of storage classes: NULL, numbers, text, blobs (objects by key after them).
    private var rank: Int {
        switch self {
        case .null: 0
        case .integer, .real: 1
        case .text: 2
        case .blob: 3
        case .object: 4
        case .other: 5
        }
    }

    /// The total order sorting uses, which is SQLite's `ORDER BY`: nil first, numbers by value,
    /// strings by Unicode code point (the `BINARY` collation on UTF-8), data bytewise.
    static func order(_ a: PredicateValue, _ b: PredicateValue, caseInsensitive: Bool = false) -> ComparisonResult {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return compare(x, y)
        case (.integer(let x), .real(let y)): return compare(Double(x), y)
        case (.real(let x), .integer(let y)): return compare(x, Double(y))
        case (.real(let x), .real(let y)): return compare(x, y)
        case (.text(let x), .text(let y)):
            return caseInsensitive ? compareStrings(fold(x, [.caseInsensitive]), fold(y, [.caseInsensitive])) : compareStrings(x, y)
        case (.blob(let x), .blob(let y)): return compareBytes(x, y)
        case (.object(let x), .object(let y)):
            return compare(x.id?.primaryKey ?? 0, y.id?.primaryKey ?? 0)
        default: return compare(a.rank, b.rank)
        }
    }

    /// `==` of predicates: nil equals only nil, objects by identity, numbers across types.
    static func equals(_ a: PredicateValue, _ b: PredicateValue, options: StringOptions = []) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.object(let x), .object(let y)): return x.isSame(as: y)
        case (.text(let x), .text(let y)) where !options.isEmpty: return compareStrings(fold(x, options), fold(y, options)) == .orderedSame
        case (.other(let x), .other(let y)):
            if let x = x as? AnyHashable, let y = y as? AnyHashable { return x == y }
            return false
        case (.other, _), (_, .other), (.object, _), (_, .object): return false
        default: return a.rank == b.rank && order(a, b) == .orderedSame
        }
    }

    /// An ordering comparison (`<`, `<=`…) as SQL evaluates it: false when either side is nil.
    static func ordered(_ a: PredicateValue, _ b: PredicateValue) -> ComparisonResult? {
        if a.isNull || b.isNull { return nil }
        return order(a, b)
    }

    private static func compare<T: Comparable>(_ x: T, _ y: T) -> ComparisonResult {
        x < y ? .orderedAscending : (x == y ? .orderedSame : .orderedDescending)
    }

    /// Strings by code point: comparing UTF-8 bytes gives that order, as SQLite's `BINARY` does.
    /// Swift's `<` would not: it compares canonically equivalent strings as equal.
    static func compareStrings(_ x: String, _ y: String) -> ComparisonResult {
        var left = x.utf8.makeIterator()
        var right = y.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return .orderedSame
            case (nil, _): return .orderedAscending
            case (_, nil): return .orderedDescending
            case (let l?, let r?) where l != r: return l < r ? .orderedAscending : .orderedDescending
            default: continue
            }
        }
    }

    private static func compareBytes(_ x: Data, _ y: Data) -> ComparisonResult {
        for (l, r) in zip(x, y) where l != r { return l < r ? .orderedAscending : .orderedDescending }
        return compare(x.count, y.count)
    }
}

/// The `[c]` and `[d]` options of string comparisons.
struct StringOptions: OptionSet, Hashable {
    let rawValue: Int
    static let caseInsensitive = StringOptions(rawValue: 1)
    static let diacriticInsensitive = StringOptions(rawValue: 2)

    /// `[c]`, `[d]`, `[cd]`, or the empty string; also the flags the SQL functions receive.
    var flags: String {
        (contains(.caseInsensitive) ? "c" : "") + (contains(.diacriticInsensitive) ? "d" : "")
    }

    init(rawValue: Int) { self.rawValue = rawValue }

    /// The options named by `flags`, nil if a letter is neither `c` nor `d`.
    init?(flags: String) {
        var options: StringOptions = []
        for letter in flags.lowercased() {
            switch letter {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            default: return nil
            }
        }
        self = options
    }
}

extension PredicateValue {
    /// `string` with case and/or diacritics removed, as NSPredicate's `[c]`/`[d]` do.
    static func fold(_ string: String, _ options: StringOptions) -> String {
        var compareOptions: String.CompareOptions = []
        if options.contains(.caseInsensitive) { compareOptions.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { compareOptions.insert(.diacriticInsensitive) }
        return compareOptions.isEmpty ? string : string.folding(options: compareOptions, locale: nil)
    }
}

