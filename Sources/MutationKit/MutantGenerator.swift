import SwiftParser
import SwiftSyntax
import Foundation

/// Finds the mutations of a Swift source file, from its syntax tree.
public struct MutantGenerator {
    public init() {}

    /// A mutation with the name it is known by.
    public struct Mutant: Codable, Hashable, Sendable {
        public var name: String
        public var mutation: Mutation
    }

    /// Every mutation of `source`, in source order, named `L<line>-<operator>-<n>`.
    ///
    /// Code the course gives the learner ready-made (a model's classes at the end of a starter)
    /// is no place for mutants: lines from one reading `// given: begin` to one reading
    /// `// given: end` get none.
    public func mutants(of source: String) -> [Mutant] {
        let tree = Parser.parse(source: source)
        let collector = MutationCollector(converter: SourceLocationConverter(fileName: "", tree: tree))
        collector.walk(tree)
        let given = Self.givenLines(of: source)
        var counts: [String: Int] = [:]
        return collector.mutations.filter { !given.contains($0.line) }
            .sorted { ($0.start, $0.end, $0.replacement) < ($1.start, $1.end, $1.replacement) }
            .map { mutation in
                let key = "\(mutation.line)-\(mutation.mutationOperator.rawValue)"
                counts[key, default: 0] += 1
                return Mutant(name: mutation.name(ordinal: counts[key]!), mutation: mutation)
            }
    }
}

extension MutantGenerator {
    /// The 1-based lines between `// given: begin` and `// given: end` (to the end of the file
    /// when no end follows), markers included.
    static func givenLines(of source: String) -> Set<Int> {
        var lines = Set<Int>()
        var inside = false
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text == "// given: begin" { inside = true }
            if inside { lines.insert(index + 1) }
            if text == "// given: end" { inside = false }
        }
        return lines
    }
}

/// Walks a tree and records where each operator applies.
final class MutationCollector: SyntaxVisitor {
    let converter: SourceLocationConverter
    private(set) var mutations: [Mutation] = []
    /// The declared result types of the enclosing functions; nil inside a closure.
    private var returnTypes: [TypeSyntax?] = []

    static let swaps: [String: (String, MutationOperator)] = [
        "<": ("<=", .relational), "<=": ("<", .relational), ">": (">=", .relational), ">=": (">", .relational),
        "==": ("!=", .relational), "!=": ("==", .relational),
        "+": ("-", .arithmetic), "-": ("+", .arithmetic), "*": ("/", .arithmetic), "/": ("*", .arithmetic),
        "+=": ("-=", .arithmetic), "-=": ("+=", .arithmetic),
        "&&": ("||", .logical), "||": ("&&", .logical),
    ]
    /// Calls whose text only describes (messages, logs): changing it changes nothing a case sees.
    static let describingCalls: Set<String> = ["print", "debugPrint", "fatalError", "precondition", "preconditionFailure",
                                              "assert", "assertionFailure", "NSLog", "dump"]

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    private func record(_ node: some SyntaxProtocol, _ replacement: String, _ kind: MutationOperator, _ description: String) {
        let start = node.positionAfterSkippingLeadingTrivia
        mutations.append(Mutation(mutationOperator: kind, line: converter.location(for: start).line,
                                  start: start.utf8Offset, end: node.endPositionBeforeTrailingTrivia.utf8Offset,
                                  replacement: replacement, description: description))
    }

    override func visit(_ node: BinaryOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        let text = node.operator.text
        if let (replacement, kind) = Self.swaps[text] {
            record(node.operator, replacement, kind, "`\(text)` → `\(replacement)`")
        }
        return .visitChildren
    }

    override func visit(_ node: PrefixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if node.operator.text == "!" {
            record(node, node.expression.trimmedDescription, .logical, "`!` removed")
        }
        return .visitChildren
    }

    override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let text = String(node.literal.text.filter { $0 != "_" })
        if let value = Int(text) {
            // `-1` → `-2` changes nothing where any negative number means the same (SQLite's
            // lengths, "not found" markers): a negative literal only moves toward zero.
            let negative = node.parent?.as(PrefixOperatorExprSyntax.self)?.operator.text == "-"
            if !negative { record(node, String(value + 1), .integerLiteral, "\(node.literal.text) → \(value + 1)") }
            if value > 0 {
                let sign = negative ? "-" : ""
                record(node, String(value - 1), .integerLiteral, "\(sign)\(node.literal.text) → \(sign)\(value - 1)")
            }
        }
        return .visitChildren
    }

    override func visit(_ node: BooleanLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let flipped = node.literal.text == "true" ? "false" : "true"
        record(node, flipped, .booleanLiteral, "\(node.literal.text) → \(flipped)")
        return .visitChildren
    }

    override func visit(_ node: ConditionElementSyntax) -> SyntaxVisitorContinueKind {
        if case .expression(let expression) = node.condition {
            record(expression, "!(\(expression.trimmedDescription))", .negatedCondition, "condition negated")
        }
        return .visitChildren
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard case .expr(let expression) = node.item else { return .visitChildren }
        if Self.isCall(expression) {
            record(node, "", .removedCall, "`\(Self.shortened(expression.trimmedDescription))` left out")
        } else if let sequence = expression.as(SequenceExprSyntax.self),
                  sequence.elements.contains(where: { $0.is(AssignmentExprSyntax.self) }) {
            record(node, "", .removedAssignment, "`\(Self.shortened(expression.trimmedDescription))` left out")
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        returnTypes.append(node.signature.returnClause?.type)
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        returnTypes.removeLast()
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        returnTypes.append(nil)
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        returnTypes.removeLast()
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let expression = node.expression, let type = returnTypes.last ?? nil, let empty = Self.emptyValue(of: type),
           expression.trimmedDescription != empty {
            record(expression, empty, .defaultReturn, "returns \(empty) instead of `\(Self.shortened(expression.trimmedDescription))`")
        }
        return .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard !isDescribing(node), node.segments.count == 1, case .stringSegment(let segment)? = node.segments.first else {
            return .visitChildren
        }
        let text = segment.content.text
        record(segment, text + "x", .stringLiteral, "\"\(Self.shortened(text))\" → \"\(Self.shortened(text))x\"")
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let arguments = Array(node.arguments)
        if arguments.count >= 2, arguments[0].label == nil, arguments[1].label == nil,
           arguments[0].expression.trimmedDescription != arguments[1].expression.trimmedDescription {
            let first = arguments[0].expression
            let second = arguments[1].expression
            let start = first.positionAfterSkippingLeadingTrivia
            let between = String(node.description.utf8.dropFirst(first.endPositionBeforeTrailingTrivia.utf8Offset - node.position.utf8Offset)
                .prefix(second.positionAfterSkippingLeadingTrivia.utf8Offset - first.endPositionBeforeTrailingTrivia.utf8Offset)) ?? ", "
            mutations.append(Mutation(
                mutationOperator: .swappedArguments, line: converter.location(for: start).line,
                start: start.utf8Offset, end: second.endPositionBeforeTrailingTrivia.utf8Offset,
                replacement: second.trimmedDescription + between + first.trimmedDescription,
                description: "arguments `\(Self.shortened(first.trimmedDescription))` and `\(Self.shortened(second.trimmedDescription))` swapped"))
        }
        for argument in arguments where argument.label?.text == "options" && argument.expression.trimmedDescription != "[]" {
            record(argument.expression, "[]", .removedOptions, "`options: \(argument.expression.trimmedDescription)` → `options: []`")
        }
        return .visitChildren
    }

    /// Whether a string literal is the text of a message or log, directly or inside one.
    private func isDescribing(_ node: StringLiteralExprSyntax) -> Bool {
        var parent = node.parent
        while let current = parent {
            // `DecodingError.dataCorruptedError(…, debugDescription: "…")`: text for people.
            if let argument = current.as(LabeledExprSyntax.self), argument.label?.text == "debugDescription" {
                return true
            }
            if let call = current.as(FunctionCallExprSyntax.self),
               let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
               Self.describingCalls.contains(callee.baseName.text) {
                return true
            }
            if current.is(CodeBlockItemSyntax.self) { return false }
            parent = current.parent
        }
        return false
    }

    static func isCall(_ expression: ExprSyntax) -> Bool {
        if expression.is(FunctionCallExprSyntax.self) {
            return true
        }
        if let tried = expression.as(TryExprSyntax.self) { return isCall(tried.expression) }
        if let awaited = expression.as(AwaitExprSyntax.self) { return isCall(awaited.expression) }
        return false
    }

    /// The empty or zero value of a result type, when it has an obvious one.
    static func emptyValue(of type: TypeSyntax) -> String? {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return "nil" }
        if type.is(ArrayTypeSyntax.self) { return "[]" }
        if type.is(DictionaryTypeSyntax.self) { return "[:]" }
        switch type.trimmedDescription {
        case "Int", "Int64", "Int32", "UInt", "Double", "Float": return "0"
        case "Bool": return "false"
        case "String": return "\"\""
        default: return nil
        }
    }

    static func shortened(_ text: String) -> String {
        let line = text.split(separator: "\n").first.map(String.init) ?? text
        return line.count > 60 ? String(line.prefix(57)) + "…" : line
    }
}
