import Foundation

/// Turns a format string and its arguments into a ``GraphPredicate``.
///
/// Recursive descent over NSPredicate's grammar, with `NOT` binding tighter than `AND`, and
/// `AND` tighter than `OR`:
///
/// ```
/// predicate  := and (("OR" | "||") and)*
/// and        := not (("AND" | "&&") not)*
/// not        := ("NOT" | "!") not | "(" predicate ")" | TRUEPREDICATE | FALSEPREDICATE | comparison
/// comparison := [ANY | SOME | ALL | NONE] expression operator ["[" c|d|cd "]"] expression
/// expression := keypath | literal | %@ | %K | %d… | "{" expression, … "}"
/// ```
struct PredicateParser {
    private let format: String
    private let arguments: [Any?]
    private var argumentIndex = 0
    private var tokens: [PredicateToken] = []
    private var position = 0

    /// Words that cannot be keys unless escaped with `#`.
    private static let reserved: Set<String> = [
        "AND", "OR", "NOT", "ANY", "SOME", "ALL", "NONE", "IN", "BETWEEN", "BEGINSWITH", "ENDSWITH", "CONTAINS",
        "LIKE", "MATCHES", "TRUEPREDICATE", "FALSEPREDICATE", "TRUE", "FALSE", "YES", "NO", "NIL", "NULL",
    ]
    private static let symbolOperators: [String: PredicateOperator] = [
        "==": .equal, "=": .equal, "!=": .notEqual, "<>": .notEqual, "<": .less, "<=": .lessOrEqual,
        "=<": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual, "=>": .greaterOrEqual,
    ]

    init(format: String, arguments: [Any?]) {
        self.format = format
        self.arguments = arguments
    }

    static func parse(_ format: String, arguments: [Any?]) throws -> GraphPredicate {
        var parser = PredicateParser(format: format, arguments: arguments)
        return try parser.parse()
    }

    mutating func parse() throws -> GraphPredicate {
        var lexer = PredicateLexer(format: format)
        tokens = try lexer.tokens()
        if current.kind == .end { throw error("the format string is empty", at: current) }
        let predicate = try parseOr()
        guard current.kind == .end else {
            throw error("expected AND, OR or the end of the format string, found `\(current.text)`", at: current)
        }
        return predicate
    }

    private var current: PredicateToken { tokens[position] }

    private mutating func advance() { position = min(position + 1, tokens.count - 1) }

    private func error(_ message: String, at token: PredicateToken) -> PredicateSyntaxError {
        PredicateSyntaxError(format: format, column: token.column, message: message)
    }

    private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }

    private mutating func parseOr() throws -> GraphPredicate {
        var parts = [try parseAnd()]
        while current.keyword == "OR" || isSymbol("||") {
            advance()
            parts.append(try parseAnd())
        }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    private mutating func parseAnd() throws -> GraphPredicate {
        var parts = [try parseNot()]
        while current.keyword == "AND" || isSymbol("&&") {
            advance()
            parts.append(try parseNot())
        }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    private mutating func parseNot() throws -> GraphPredicate {
        if current.keyword == "NOT" || isSymbol("!") {
            advance()
            return .not(try parseNot())
        }
        if isSymbol("(") {
            let open = current
            advance()
            let inner = try parseOr()
            guard isSymbol(")") else {
                throw error("expected `)` to close the `(` at column \(open.column), found \(describe(current))", at: current)
            }
            advance()
            return inner
        }
        if current.keyword == "TRUEPREDICATE" || current.keyword == "FALSEPREDICATE" {
            defer { advance() }
            return GraphPredicate(value: current.keyword == "TRUEPREDICATE")
        }
        return GraphPredicate(node: .comparison(try parseComparison()))
    }

    private func describe(_ token: PredicateToken) -> String {
        token.kind == .end ? "the end of the format string" : "`\(token.text)`"
    }

    private mutating func parseComparison() throws -> PredicateComparison {
        var modifier = PredicateModifier.direct
        switch current.keyword {
        case "ANY", "SOME": modifier = .any
        case "ALL": modifier = .all
        case "NONE": modifier = .none
        default: break
        }
        let modifierToken = current
        if modifier != .direct { advance() }
        let leftToken = current
        let left = try parseExpression(missing: modifier == .direct ? "expected a predicate" : "expected a key path after \(modifierToken.text)")
        if modifier != .direct, case .keyPath = left {} else if modifier != .direct {
            throw error("\(modifierToken.text) needs a key path, not \(left.format)", at: leftToken)
        }
        let opToken = current
        let op = try parseOperator(after: left)
        var options: StringOptions = []
        if isSymbol("[") {
            let open = current
            advance()
            guard case .identifier(let flags) = current.kind, let parsed = StringOptions(flags: flags) else {
                throw error("unknown option \(describe(current)); options are [c], [d] and [cd]", at: current)
            }
            advance()
            guard isSymbol("]") else { throw error("expected `]` after the options, found \(describe(current))", at: current) }
            advance()
            guard op.acceptsOptions else {
                throw error("options such as [\(parsed.flags)] only follow string operators, == and !=, not \(op.rawValue)", at: open)
            }
            options = parsed
        }
        let rightToken = current
        let right = try parseExpression(missing: "expected a value after `\(opToken.text)`")
        if op == .in, right.collectionElements == nil {
            throw error("IN needs an array, a set or {…} on its right, not \(right.format)", at: rightToken)
        }
        if op == .between, right.collectionElements?.count != 2 {
            throw error("BETWEEN needs two bounds on its right, as {low, high}, not \(right.format)", at: rightToken)
        }
        return PredicateComparison(modifier: modifier, left: left, op: op, options: options, right: right)
    }

    private mutating func parseOperator(after left: PredicateExpression) throws -> PredicateOperator {
        let token = current
        if case .symbol(let symbol) = token.kind, let op = Self.symbolOperators[symbol] {
            advance()
            return op
        }
        if let keyword = token.keyword, let op = PredicateOperator(rawValue: keyword), op.rawValue.first!.isLetter {
            advance()
            return op
        }
        if token.kind == .end { throw error("expected an operator after `\(left.format)`", at: token) }
        throw error("unknown operator `\(token.text)`", at: token)
    }

    private mutating func parseExpression(missing: String) throws -> PredicateExpression {
        let token = current
        switch token.kind {
        case .string(let string):
            advance()
            return .constant(string)
        case .integer(let value):
            advance()
            return .constant(value)
        case .decimal(let value):
            advance()
            return .constant(value)
        case .identifier:
            switch token.keyword {
            case "TRUE", "YES": advance(); return .constant(true)
            case "FALSE", "NO": advance(); return .constant(false)
            case "NIL", "NULL": advance(); return .constant(nil)
            case let keyword? where Self.reserved.contains(keyword): throw error(missing, at: token)
            default: return try parseKeyPath()
            }
        case .specifier("K"):
            advance()
            var path = try keyPathArgument(at: token)
            // `%K.name`, `%K.@count`: the argument starts a longer key path.
            while isSymbol(".") {
                advance()
                guard case .identifier(let name) = current.kind else { throw error("expected a key after `.`", at: current) }
                path.append(name)
                advance()
            }
            return try keyPathExpression(path, at: token)
        case .specifier(let specifier):
            advance()
            return try substitute(specifier, at: token)
        case .symbol("{"):
            advance()
            var elements: [PredicateExpression] = []
            while !isSymbol("}") {
                if !elements.isEmpty {
                    guard isSymbol(",") else { throw error("expected `,` or `}` in {…}, found \(describe(current))", at: current) }
                    advance()
                }
                elements.append(try parseExpression(missing: "expected a value in {…}"))
            }
            advance()
            return .aggregate(elements)
        default:
            throw error(missing, at: token)
        }
    }

    private mutating func parseKeyPath() throws -> PredicateExpression {
        let start = current
        var path: [String] = []
        while true {
            guard case .identifier(let name) = current.kind, current.keyword.map({ !Self.reserved.contains($0) }) ?? true else {
                throw error("expected a key after `.`", at: current)
            }
            path.append(name)
            advance()
            guard isSymbol(".") else { break }
            advance()
        }
        return try keyPathExpression(path, at: start)
    }

    /// `.keyPath`, or `.count` when the path ends in `@count`.
    private func keyPathExpression(_ path: [String], at token: PredicateToken) throws -> PredicateExpression {
        if let operatorIndex = path.firstIndex(where: { $0.hasPrefix("@") }) {
            guard path[operatorIndex].lowercased() == "@count", operatorIndex == path.count - 1, operatorIndex > 0 else {
                throw error("only `@count` at the end of a key path is supported, as in `cars.@count`", at: token)
            }
            return .count(Array(path.dropLast()))
        }
        return .keyPath(path)
    }

    private mutating func keyPathArgument(at token: PredicateToken) throws -> [String] {
        guard argumentIndex < arguments.count else { throw error("missing argument for %K", at: token) }
        let argument = arguments[argumentIndex]
        argumentIndex += 1
        guard let keyPath = argument as? String, !keyPath.isEmpty else {
            throw error("%K needs a key path string, not \(argument.map { "\($0)" } ?? "nil")", at: token)
        }
        return keyPath.split(separator: ".").map(String.init)
    }

    private mutating func substitute(_ specifier: String, at token: PredicateToken) throws -> PredicateExpression {
        guard argumentIndex < arguments.count else { throw error("missing argument for %\(specifier)", at: token) }
        let argument = arguments[argumentIndex]
        argumentIndex += 1
        switch specifier {
        case "@":
            return .constant(argument)
        case "f", "lf":
            guard let argument, let double = AttributeValues.double(argument) else {
                throw error("%\(specifier) needs a number, not \(argument.map { "\(type(of: $0))" } ?? "nil")", at: token)
            }
            return .constant(double)
        default:
            if let argument, let integer = AttributeValues.int64(argument) { return .constant(integer) }
            if let double = argument as? Double, let integer = Int64(exactly: double) { return .constant(integer) }
            throw error("%\(specifier) needs an integer, not \(argument.map { "\(type(of: $0))" } ?? "nil")", at: token)
        }
    }
}
