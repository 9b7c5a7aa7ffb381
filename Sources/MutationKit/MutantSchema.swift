import SwiftOperators
import SwiftParser
import SwiftSyntax

/// Many mutants of one source in one file, each behind a runtime switch, so that one compile
/// serves them all (a mutant schema).
///
/// Every place a mutation changes (its *site*: the expression around a swapped operator, a
/// literal, a call, or a statement left out) is written as a choice between the mutated text and
/// the original, which holds the inner sites' choices:
///
///     count >= limit          →  (__graderMutant(3) ? (count > limit) : (count >= limit))
///     try context.save()      →  if !__graderMutant(7) { try context.save() }
///
/// The file ends with the switch: `__graderMutant(n)` is true in the binary whose number is `n`,
/// read from a marker string (``slotMarker``) that the grader overwrites in a copy of the binary
/// built once; with the marker as written (number 0) the binary is the original program.
///
/// A mutation is left out of the schema (and built alone, as before) where the choice could not
/// be written with the same meaning: a statement that is its block's only one (its removal may
/// be a block's implicit result), and anything inside an attribute or an enum case (raw values
/// must be literals). Where the schema still does not compile, the grader reads which sites the
/// errors are in (``Site/start``, ``Site/end``) and writes it again without them.
public struct MutantSchema: Codable, Sendable {
    /// The marker's text before the number.
    public static let slotPrefix = "GRADER-MUTANT-SCHEMA-SLOT:"
    /// The digits of the number.
    public static let slotDigits = 6
    /// The marker as the schema writes it: number 0, no mutant.
    public static var slotMarker: String { slotPrefix + String(repeating: "0", count: slotDigits) }

    /// One place in the schema that chooses between mutants and the original.
    public struct Site: Codable, Sendable, Hashable {
        /// The mutants chosen here, by name, with their numbers.
        public var mutants: [String: Int]
        /// The UTF-8 range of the site in the schema's text.
        public var start: Int
        public var end: Int
    }

    /// The schema's source.
    public var source: String
    /// Each mutant in the schema, by name, with its number (1, 2, … in the order asked for).
    public var numbers: [String: Int]
    public var sites: [Site]
    /// Mutants asked for that the schema leaves out, each to be built alone.
    public var leftOut: [String]
}

extension MutantSchema {
    /// The schema of `mutants` (named mutations of `source`): each gets its position in the list
    /// plus one as its number.
    public init(source: String, mutants: [MutantGenerator.Mutant]) {
        let tree = Parser.parse(source: source)
        let folded = OperatorTable.standardOperators.foldAll(tree) { _ in }
        let finder = SiteFinder(viewMode: .sourceAccurate)
        finder.walk(folded)
        var placed: [PlacedSite] = []
        var leftOut: [String] = []
        var numbers: [String: Int] = [:]
        for (index, mutant) in mutants.enumerated() {
            guard let site = finder.site(of: mutant.mutation) else {
                leftOut.append(mutant.name)
                continue
            }
            numbers[mutant.name] = index + 1
            if let existing = placed.firstIndex(where: { $0.start == site.start && $0.end == site.end && $0.isStatement == site.isStatement }) {
                placed[existing].mutants.append((mutant.name, index + 1, mutant.mutation))
            } else {
                placed.append(PlacedSite(start: site.start, end: site.end, isStatement: site.isStatement,
                                         mutants: [(mutant.name, index + 1, mutant.mutation)]))
            }
        }
        // Outer sites first; of two with one range, the statement holds the expression.
        placed.sort { ($0.start, -$0.end, $0.isStatement ? 0 : 1) < ($1.start, -$1.end, $1.isStatement ? 0 : 1) }
        let bytes = Array(source.utf8)
        let body = SchemaWriter(original: bytes, sites: placed).render(from: 0, to: bytes.count, siteRange: 0..<placed.count)
        var text = String(decoding: body.text, as: UTF8.self)
        if !text.hasSuffix("\n") { text += "\n" }
        text += Self.switchSource
        self.init(source: text, numbers: numbers, sites: body.sites, leftOut: leftOut)
    }

    /// The switch the sites call: the number is read at run time from the marker's bytes, which
    /// a copy of the binary has overwritten.
    static var switchSource: String {
        """

        // The mutant schema's switch (written by `mutate --schema`): true for the mutant whose
        // number the grader wrote into this binary's copy of the marker.
        private let __graderMutantSlot: StaticString = "\(slotMarker)"
        private let __graderActiveMutant: Int = __graderMutantSlot.withUTF8Buffer { buffer in
            Int(String(decoding: buffer.suffix(\(slotDigits)), as: UTF8.self)) ?? 0
        }
        @inline(never) func __graderMutant(_ number: Int) -> Bool { __graderActiveMutant == number }

        """
    }
}

/// A site with its mutations, in the source's coordinates.
struct PlacedSite {
    var start: Int
    var end: Int
    var isStatement: Bool
    var mutants: [(name: String, number: Int, mutation: Mutation)]
}

/// Writes the schema's text, sites inside sites, and where each site landed.
struct SchemaWriter {
    let original: [UInt8]
    let sites: [PlacedSite]

    /// The text from `start` to `end` with every site of `siteRange` (sorted, outer first) that
    /// lies in it replaced by its choice, and where each site landed in that text.
    func render(from start: Int, to end: Int, siteRange: Range<Int>) -> (text: [UInt8], sites: [MutantSchema.Site]) {
        var text: [UInt8] = []
        var landed: [MutantSchema.Site] = []
        var position = start
        var index = siteRange.lowerBound
        while index < siteRange.upperBound {
            let site = sites[index]
            // The sites inside this one follow it, up to the first that starts at or after its end.
            var next = index + 1
            while next < siteRange.upperBound, sites[next].start < site.end { next += 1 }
            text += original[position..<site.start]
            let inner = render(from: site.start, to: site.end, siteRange: (index + 1)..<next)
            let (prefix, suffix) = choice(site)
            let siteStart = text.count
            text += prefix
            landed += inner.sites.map { MutantSchema.Site(mutants: $0.mutants, start: $0.start + text.count, end: $0.end + text.count) }
            text += inner.text + suffix
            landed.append(MutantSchema.Site(mutants: Dictionary(uniqueKeysWithValues: site.mutants.map { ($0.name, $0.number) }),
                                            start: siteStart, end: text.count))
            position = site.end
            index = next
        }
        text += original[position..<end]
        return (text, landed)
    }

    /// What goes before and after the site's original text (with its inner sites' choices).
    private func choice(_ site: PlacedSite) -> (prefix: [UInt8], suffix: [UInt8]) {
        if site.isStatement {
            let numbers = site.mutants.map { "!__graderMutant(\($0.number))" }.joined(separator: " && ")
            return (Array("if \(numbers) { ".utf8), Array(" }".utf8))
        }
        var prefix: [UInt8] = Array("(".utf8)
        for mutant in site.mutants {
            var mutated = Array(original[site.start..<site.end])
            mutated.replaceSubrange((mutant.mutation.start - site.start)..<(mutant.mutation.end - site.start),
                                    with: Array(mutant.mutation.replacement.utf8))
            prefix += Array("__graderMutant(\(mutant.number)) ? (".utf8) + mutated + Array(") : ".utf8)
        }
        return (prefix + Array("(".utf8), Array("))".utf8))
    }
}

/// Finds, in a tree whose operators are folded, the site each mutation is written at.
final class SiteFinder: SyntaxAnyVisitor {
    struct Found {
        var start: Int
        var end: Int
        var isStatement: Bool
    }

    /// Each binary operator's range, with the range of the expression it joins.
    private var infixByOperator: [Range<Int>: Range<Int>] = [:]
    /// Each integer literal after a `-`, with the range of the negative number.
    private var negated: [Range<Int>: Range<Int>] = [:]
    /// Every expression that can be replaced by a choice, by start: its ranges.
    private var expressions: [Range<Int>] = []
    /// Statements that can be left out behind a switch: each one's range (its `;` included, as
    /// the mutation has it), with the range the `if` goes around.
    private var statements: [Range<Int>: Range<Int>] = [:]
    /// Each integer literal whose constant the compiler checks with its neighbours (`x / 1`,
    /// `Int8(127)`, `100 + 27` for an `Int8`): the expression it is checked in, which becomes
    /// the site, so that a mutant that does not compile alone does not compile in the schema.
    private var checkedLiterals: [Range<Int>: Range<Int>] = [:]
    /// String literals that can be a choice: not `Unicode.Scalar("a")`, where a literal picks
    /// another initializer than a `String` does.
    private var stringLiterals: Set<Range<Int>> = []
    /// Expressions that must stay as written: in attributes, enum cases (raw values), patterns.
    private var fixedDepth = 0
    private var fixedRanges: [Range<Int>] = []
    /// Inside a declaration with a custom attribute (a result builder's `@ViewBuilder`), where an
    /// `if` around a statement is a value of the builder's.
    private var builderDepth = 0
    /// Expressions that must stay as written wherever they are.
    private var asWritten: Set<Range<Int>> = []
    /// Inside an initializer, a stored property's assignment and a `super.init` call must stay
    /// on every path.
    private var initializerDepth = 0

    private static func range(_ node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }

    private func fix(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        fixedDepth += 1
        fixedRanges.append(Self.range(node))
        return .visitChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { fix(node) }
    override func visitPost(_ node: AttributeSyntax) { fixedDepth -= 1 }
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind { fix(node) }
    override func visitPost(_ node: EnumCaseDeclSyntax) { fixedDepth -= 1 }
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind { fix(node) }
    override func visitPost(_ node: IfConfigClauseSyntax) { fixedDepth -= 1 }
    // A pattern (`case .child(let a, let b)`) is no value to choose.
    override func visit(_ node: ExpressionPatternSyntax) -> SyntaxVisitorContinueKind { fix(node) }
    override func visitPost(_ node: ExpressionPatternSyntax) { fixedDepth -= 1 }

    /// Whether a declaration has a custom attribute (a result builder's, `@ViewBuilder`).
    static func hasCustomAttribute(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            guard case .attribute(let attribute) = element else { return false }
            return attribute.attributeName.trimmedDescription.first?.isUppercase == true
        }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.hasCustomAttribute(node.attributes) { builderDepth += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        if Self.hasCustomAttribute(node.attributes) { builderDepth -= 1 }
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.hasCustomAttribute(node.attributes) { builderDepth += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: VariableDeclSyntax) {
        if Self.hasCustomAttribute(node.attributes) { builderDepth -= 1 }
    }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { initializerDepth += 1; return .visitChildren }
    override func visitPost(_ node: InitializerDeclSyntax) { initializerDepth -= 1 }

    // `while true` is a loop the compiler knows never ends but by `return` or `break`; behind a
    // choice it would not (a function after it "misses a return").
    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
        keepAsWritten(node.conditions)
        return .visitChildren
    }

    override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
        keepAsWritten(node.condition)
        return .visitChildren
    }

    private func keepAsWritten(_ conditions: ConditionElementListSyntax) {
        if conditions.count == 1, case .expression(let expression)? = conditions.first?.condition {
            keepAsWritten(expression)
        }
    }

    /// `true`, or `(true)`: it and its parentheses stay.
    private func keepAsWritten(_ expression: ExprSyntax) {
        var inner = expression
        while let tuple = inner.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
              only.label == nil {
            asWritten.insert(Self.range(inner))
            inner = only.expression
        }
        if let literal = inner.as(BooleanLiteralExprSyntax.self), literal.literal.text == "true" {
            asWritten.insert(Self.range(literal))
        }
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        record(node)
        return .visitChildren
    }

    private func record(_ node: Syntax) {
        guard fixedDepth == 0, let expression = node.as(ExprSyntax.self) else { return }
        if expression.is(BinaryOperatorExprSyntax.self) || expression.is(AssignmentExprSyntax.self)
            || expression.is(DiscardAssignmentExprSyntax.self) || expression.is(UnresolvedTernaryExprSyntax.self)
            || expression.is(SequenceExprSyntax.self) {
            return
        }
        // The operand of `&` must stay a variable.
        if node.parent?.is(InOutExprSyntax.self) == true || asWritten.contains(Self.range(expression)) { return }
        // Parentheses would end an optional chain that goes on after the expression
        // (`box?.pair(1, 2).map { … }`): a larger site holds the whole chain.
        if Self.continuesChain(node), expression.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .postfixQuestionMark }) {
            return
        }
        expressions.append(Self.range(expression))
    }

    /// Whether `node`'s parent goes on with it as the base of a member, call, subscript or unwrap.
    private static func continuesChain(_ node: Syntax) -> Bool {
        guard let parent = node.parent else { return false }
        if let member = parent.as(MemberAccessExprSyntax.self) { return member.base.map(Syntax.init) == node }
        if let call = parent.as(FunctionCallExprSyntax.self) { return Syntax(call.calledExpression) == node }
        if let subscriptCall = parent.as(SubscriptCallExprSyntax.self) { return Syntax(subscriptCall.calledExpression) == node }
        return parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
            || parent.is(PostfixOperatorExprSyntax.self)
    }

    static let checkedOperators: Set<String> = ["+", "-", "*", "/", "%", "+=", "-=", "*=", "/=", "%=", "<<", ">>", "&", "|", "^"]

    override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        record(Syntax(node))
        guard fixedDepth == 0 else { return .visitChildren }
        var operand = Syntax(node)
        if let negative = node.parent?.as(PrefixOperatorExprSyntax.self), negative.operator.text == "-" { operand = Syntax(negative) }
        if let infix = operand.parent?.as(InfixOperatorExprSyntax.self),
           let symbol = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, Self.checkedOperators.contains(symbol) {
            checkedLiterals[Self.range(node)] = Self.range(infix)
        } else if let argument = operand.parent?.as(LabeledExprSyntax.self), argument.label == nil,
                  let list = argument.parent?.as(LabeledExprListSyntax.self), list.count == 1,
                  let call = list.parent?.as(FunctionCallExprSyntax.self) {
            checkedLiterals[Self.range(node)] = Self.range(call)
        }
        return .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        record(Syntax(node))
        let convertedByType: Bool = {
            guard let argument = node.parent?.as(LabeledExprSyntax.self), argument.label == nil,
                  let list = argument.parent?.as(LabeledExprListSyntax.self), list.count == 1,
                  let call = list.parent?.as(FunctionCallExprSyntax.self) else { return false }
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
            return callee.first?.isUppercase == true
        }()
        if fixedDepth == 0, !convertedByType { stringLiterals.insert(Self.range(node)) }
        return .visitChildren
    }

    override func visit(_ node: PrefixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if fixedDepth == 0, node.operator.text == "-", node.expression.is(IntegerLiteralExprSyntax.self) {
            negated[Self.range(node.expression)] = Self.range(node)
        }
        record(Syntax(node))
        return .visitChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if fixedDepth == 0 { infixByOperator[Self.range(node.operator)] = Self.range(node) }
        record(Syntax(node))
        return .visitChildren
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        // A block's only statement may be its result (`{ compute() }`): not behind an `if`,
        // unless the block is one whose statements are never a value.
        // A `case` must keep a statement: alone, its only one left out does not compile.
        // With two statements, the one left may become the block's result the same way.
        guard fixedDepth == 0, builderDepth == 0, let list = node.parent?.as(CodeBlockItemListSyntax.self) else { return .visitChildren }
        let shapeAllows = list.count > 2
            || (Self.holdsNoValue(list) && !(list.count == 1 && list.parent?.is(SwitchCaseSyntax.self) == true))
        if shapeAllows, initializerDepth == 0 || !Self.initializes(node), !Self.typesItsClosure(node) {
            statements[Self.range(node)] = Self.range(node.item)
        }
        return .visitChildren
    }

    /// Whether a closure's statement is what gives the closure its parameters' types or count:
    /// it uses `$0`, or a parameter written without a type. Alone, the closure without it does
    /// not compile.
    private static func typesItsClosure(_ node: CodeBlockItemSyntax) -> Bool {
        var current = node.parent
        var closure: ClosureExprSyntax?
        while let parent = current {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(AccessorDeclSyntax.self)
                || parent.is(DeinitializerDeclSyntax.self) {
                break
            }
            if let found = parent.as(ClosureExprSyntax.self) {
                closure = found
                break
            }
            current = parent.parent
        }
        guard let closure else { return false }
        var untyped = Set<String>()
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?:
            untyped.formUnion(names.map(\.name.text))
        case .parameterClause(let clause)?:
            for parameter in clause.parameters where parameter.type == nil {
                untyped.insert((parameter.secondName ?? parameter.firstName).text)
            }
        case nil:
            break
        }
        return node.tokens(viewMode: .sourceAccurate).contains { token in
            if case .dollarIdentifier = token.tokenKind { return true }
            if case .identifier(let name) = token.tokenKind { return untyped.contains(name) }
            return false
        }
    }

    /// Whether the statements of `list` can never be a value: the body of a function that
    /// returns nothing, of a loop, of a `defer`, or of an `if`, `switch` or `do` that is itself
    /// such a statement. (A closure's or a getter's only statement may be its result; a
    /// `guard`'s body must leave.)
    static func holdsNoValue(_ list: CodeBlockItemListSyntax) -> Bool {
        guard let parent = list.parent else { return false }
        if let block = parent.as(CodeBlockSyntax.self), let owner = block.parent {
            if let function = owner.as(FunctionDeclSyntax.self) {
                guard let type = function.signature.returnClause?.type.trimmedDescription else { return true }
                return type == "Void" || type == "()"
            }
            if owner.is(InitializerDeclSyntax.self) || owner.is(DeinitializerDeclSyntax.self) || owner.is(ForStmtSyntax.self)
                || owner.is(WhileStmtSyntax.self) || owner.is(RepeatStmtSyntax.self) || owner.is(DeferStmtSyntax.self) {
                return true
            }
            if let accessor = owner.as(AccessorDeclSyntax.self) { return accessor.accessorSpecifier.text != "get" }
            if owner.is(IfExprSyntax.self) || owner.is(DoStmtSyntax.self) { return isStatement(owner) }
            if owner.is(CatchClauseSyntax.self), let doStatement = owner.parent?.parent { return isStatement(doStatement) }
            return false
        }
        if parent.is(SwitchCaseSyntax.self), let switchExpression = parent.parent?.parent { return isStatement(switchExpression) }
        return false
    }

    /// Whether an `if`, `switch` or `do` stands as a statement, not as a value.
    private static func isStatement(_ node: Syntax) -> Bool {
        var current = node
        // `else if`: the chain's first `if` decides.
        while let parent = current.parent, parent.is(IfExprSyntax.self) { current = parent }
        var item = current.parent
        if item?.is(ExpressionStmtSyntax.self) == true { item = item?.parent }
        guard let statement = item?.as(CodeBlockItemSyntax.self), let list = statement.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        return list.count > 1 || holdsNoValue(list)
    }

    /// Whether a statement of an initializer is an assignment or another initializer's call.
    private static func initializes(_ node: CodeBlockItemSyntax) -> Bool {
        guard case .expr(var expression) = node.item else { return false }
        if let tried = expression.as(TryExprSyntax.self) { expression = tried.expression }
        if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) { return true }
        if let call = expression.as(FunctionCallExprSyntax.self),
           let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" {
            return true
        }
        return false
    }

    /// Where `mutation` is written in the schema; nil when it must be built alone.
    func site(of mutation: Mutation) -> Found? {
        let range = mutation.start..<mutation.end
        if fixedRanges.contains(where: { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }) { return nil }
        switch mutation.mutationOperator {
        case .removedCall, .removedAssignment:
            return statements[range].map { Found(start: $0.lowerBound, end: $0.upperBound, isStatement: true) }
        case .integerLiteral where checkedLiterals[range] != nil:
            let checked = checkedLiterals[range]!
            return expressions.contains(checked) ? Found(start: checked.lowerBound, end: checked.upperBound, isStatement: false) : nil
        case .stringLiteral:
            let around = expressions.filter { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }
            guard let literal = around.min(by: { $0.count < $1.count }), stringLiterals.contains(literal) else { return nil }
            return Found(start: literal.lowerBound, end: literal.upperBound, isStatement: false)
        default:
            if let infix = infixByOperator[range] {
                return expressions.contains(infix) ? Found(start: infix.lowerBound, end: infix.upperBound, isStatement: false) : nil
            }
            // A literal's sign goes with it: `-(choice)` may not type-check where `-1` does.
            if mutation.mutationOperator == .integerLiteral, let signed = negated[range] {
                return expressions.contains(signed) ? Found(start: signed.lowerBound, end: signed.upperBound, isStatement: false) : nil
            }
            // The smallest expression around the change.
            let around = expressions.filter { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }
            guard let smallest = around.min(by: { $0.count < $1.count }) else { return nil }
            return Found(start: smallest.lowerBound, end: smallest.upperBound, isStatement: false)
        }
    }
}
