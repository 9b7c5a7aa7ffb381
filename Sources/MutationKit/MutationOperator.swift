/// The kinds of change the generator makes.
public enum MutationOperator: String, Codable, CaseIterable, Sendable {
    /// `<` ↔ `<=`, `>` ↔ `>=`, `==` ↔ `!=`.
    case relational
    /// `+` ↔ `-`, `*` ↔ `/`, `+=` ↔ `-=`.
    case arithmetic
    /// `&&` ↔ `||`, and a `!` removed.
    case logical
    /// An `if`, `guard` or `while` condition negated.
    case negatedCondition = "negated-condition"
    /// An integer literal one more or one less.
    case integerLiteral = "integer-literal"
    /// `true` ↔ `false`.
    case booleanLiteral = "boolean-literal"
    /// A call made as a statement left out: a save, a write, a `synchronize`, a `finalize`…
    case removedCall = "removed-call"
    /// An assignment left out.
    case removedAssignment = "removed-assignment"
    /// A `return` of a value replaced by the same `return` of an empty or zero value.
    case defaultReturn = "default-return"
    /// A string literal changed: a key, a file name, an SQL fragment.
    case stringLiteral = "string-literal"
    /// The first two unlabelled arguments of a call swapped.
    case swappedArguments = "swapped-arguments"
    /// An `options:` argument (such as `.atomic`) replaced by no options.
    case removedOptions = "removed-options"
}
