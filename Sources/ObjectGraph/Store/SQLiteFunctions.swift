import Foundation
import SQLite3

/// SQL functions ObjectGraph adds to each connection, so that predicates translated to SQL
/// compare strings exactly as they do in memory.
///
/// Each function runs ``PredicateOperator/evaluate(_:_:options:)`` on its arguments, the code
/// ``GraphPredicate/evaluate(with:)`` runs, so the two paths agree by construction:
///
/// - `OG_EQUALS(a, b, 'cd')`: `==` with `[c]`/`[d]` options (1 or 0; nil equals only nil);
/// - `OG_BEGINSWITH`, `OG_ENDSWITH`, `OG_CONTAINS`, `OG_LIKE`, `OG_MATCHES` with the same three
///   arguments: the string operators (0 when either side is not a string);
/// - the collation `OG_CASEINSENSITIVE`, for ``GraphSortDescriptor/StringComparison/caseInsensitive``.
enum SQLiteFunctions {
    /// The operators that have a function, in the order their index is passed as user data.
    static let operators: [PredicateOperator] = [.equal, .beginsWith, .endsWith, .contains, .like, .matches]

    /// The SQL function that applies `op` with options, nil for operators SQL has natively.
    static func functionName(_ op: PredicateOperator) -> String? {
        guard operators.contains(op) else { return nil }
        return op == .equal ? "OG_EQUALS" : "OG_" + op.rawValue
    }

    static let caseInsensitiveCollation = "OG_CASEINSENSITIVE"

    static func register(on handle: OpaquePointer) {
        for (index, op) in operators.enumerated() {
            // The operator's index travels as the user-data pointer (offset by one: not NULL),
            // because a @convention(c) callback cannot capture it.
            sqlite3_create_function_v2(
                handle, functionName(op)!, 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                UnsafeMutableRawPointer(bitPattern: index + 1), callOperator, nil, nil, nil)
        }
        sqlite3_create_collation_v2(handle, caseInsensitiveCollation, SQLITE_UTF8, nil, compareCaseInsensitive, nil)
    }

    private static let callOperator: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
        context, count, arguments in
        guard let arguments, count == 3, let index = sqlite3_user_data(context).map({ Int(bitPattern: $0) - 1 }),
            SQLiteFunctions.operators.indices.contains(index)
        else {
            sqlite3_result_error(context, "ObjectGraph string function called wrongly", -1)
            return
        }
        let lhs = SQLiteFunctions.predicateValue(arguments[0])
        let rhs = SQLiteFunctions.predicateValue(arguments[1])
        let options = SQLiteFunctions.predicateValue(arguments[2]).string.flatMap(StringOptions.init(flags:)) ?? []
        let result = SQLiteFunctions.operators[index].evaluate(lhs, rhs, options: options)
        sqlite3_result_int(context, result ? 1 : 0)
    }

    private static let compareCaseInsensitive: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?) -> Int32 = {
        _, leftCount, left, rightCount, right in
        let lhs = SQLiteFunctions.string(left, Int(leftCount))
        let rhs = SQLiteFunctions.string(right, Int(rightCount))
        switch PredicateValue.order(.text(lhs), .text(rhs), caseInsensitive: true) {
        case .orderedAscending: return -1
        case .orderedSame: return 0
        case .orderedDescending: return 1
        }
    }

    private static func string(_ bytes: UnsafeRawPointer?, _ count: Int) -> String {
        guard let bytes, count > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// A function argument as predicates see it (REAL dates and INTEGER booleans stay numbers,
    /// which is how ``PredicateValue`` reads them in memory as well).
    private static func predicateValue(_ value: OpaquePointer?) -> PredicateValue {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
        case SQLITE_TEXT: return .text(string(sqlite3_value_text(value), Int(sqlite3_value_bytes(value))))
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            guard count > 0, let bytes = sqlite3_value_blob(value) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }
}
