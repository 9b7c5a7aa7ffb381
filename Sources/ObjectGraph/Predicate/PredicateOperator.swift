import Foundation

/// The operator of a comparison predicate: Core Data's `NSComparisonPredicate.Operator`.
///
/// ``evaluate(_:_:options:)`` is the single definition of what a scalar operator means; the
/// in-memory evaluator and the SQL functions registered by ``SQLiteFunctions`` both call it.
enum PredicateOperator: String, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    case like = "LIKE"
    case matches = "MATCHES"
    case `in` = "IN"
    case between = "BETWEEN"

    /// Whether `[c]`/`[d]` may follow the operator.
    var acceptsOptions: Bool {
        switch self {
        case .equal, .notEqual, .beginsWith, .endsWith, .contains, .like, .matches: true
        default: false
        }
    }

    /// Applies a scalar operator (every one but `IN` and `BETWEEN`, which take collections).
    func evaluate(_ lhs: PredicateValue, _ rhs: PredicateValue, options: StringOptions) -> Bool {
        switch self {
        case .equal: return PredicateValue.equals(lhs, rhs, options: options)
        case .notEqual: return !PredicateValue.equals(lhs, rhs, options: options)
        case .less: return PredicateValue.ordered(lhs, rhs) == .orderedAscending
        case .lessOrEqual: return PredicateValue.ordered(lhs, rhs).map { $0 != .orderedDescending } ?? false
        case .greater: return PredicateValue.ordered(lhs, rhs) == .orderedDescending
        case .greaterOrEqual: return PredicateValue.ordered(lhs, rhs).map { $0 != .orderedAscending } ?? false
        case .beginsWith, .endsWith, .contains, .like, .matches:
            guard let string = lhs.string, let pattern = rhs.string else { return false }
            if self == .matches {
                // Folding the pattern would break escapes such as `\D`; the regex folds case itself.
                let subject = PredicateValue.fold(string, options.subtracting(.caseInsensitive))
                return Self.matches(subject, pattern: pattern, caseInsensitive: options.contains(.caseInsensitive))
            }
            return matchString(PredicateValue.fold(string, options), PredicateValue.fold(pattern, options))
        case .in, .between:
            preconditionFailure("\(rawValue) compares with a collection; see PredicateEvaluator")
        }
    }

    /// String operators on already folded strings. Substrings are searched by UTF-8 bytes, so
    /// by code point, as everything else in predicates (UTF-8 never matches mid-character).
    private func matchString(_ string: String, _ pattern: String) -> Bool {
        switch self {
        case .beginsWith: return string.utf8.starts(with: pattern.utf8)
        case .endsWith: return string.utf8.reversed().starts(with: pattern.utf8.reversed())
        case .contains: return Self.containsBytes(Array(string.utf8), Array(pattern.utf8))
        case .like: return Self.like(Array(string.unicodeScalars), Array(pattern.unicodeScalars))
        default: return false
        }
    }

    private static func containsBytes(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }

    /// NSPredicate's `LIKE`: `*` matches any run of characters, `?` exactly one, and the pattern
    /// must cover the whole string. Greedy with one backtrack point, linear in practice.
    static func like(_ string: [Unicode.Scalar], _ pattern: [Unicode.Scalar]) -> Bool {
        var s = 0, p = 0
        var starP = -1, starS = 0
        while s < string.count {
            if p < pattern.count, pattern[p] == "*" {
                starP = p
                starS = s
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == string[s] {
                s += 1
                p += 1
            } else if starP >= 0 {
                starS += 1
                s = starS
                p = starP + 1
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    private static let regexLock = NSLock()
    nonisolated(unsafe) private static var regexCache: [String: NSRegularExpression?] = [:]

    /// `MATCHES`: the whole string matches the ICU regular expression. Compiled expressions are
    /// cached, since the SQL function runs once per row. An invalid pattern matches nothing.
    static func matches(_ string: String, pattern: String, caseInsensitive: Bool) -> Bool {
        let key = (caseInsensitive ? "i:" : "s:") + pattern
        let regex: NSRegularExpression? = regexLock.withLock {
            if let cached = regexCache[key] { return cached }
            let options: NSRegularExpression.Options = caseInsensitive ? [.caseInsensitive] : []
            // Checked alone first: an unbalanced `a)|(b` would otherwise escape the anchors.
            let compiled = (try? NSRegularExpression(pattern: pattern, options: options)) == nil
                ? nil : try? NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z", options: options)
            // Patterns come from users' searches: keep the cache from growing without end.
            if regexCache.count >= 256 { regexCache.removeAll() }
            regexCache[key] = compiled
            return compiled
        }
        guard let regex else { return false }
        let range = NSRange(string.startIndex..., in: string)
        return regex.firstMatch(in: string, options: [], range: range) != nil
    }
}

/// ANY, ALL or NONE before a key path through a to-many relationship (SOME is ANY).
enum PredicateModifier: String {
    case direct = ""
    case any = "ANY"
    case all = "ALL"
    case none = "NONE"
}
