/// One change to a source file that a correct solution must not survive: a replaced operator,
/// a removed call, a changed literal.
public struct Mutation: Codable, Hashable, Sendable {
    /// The kind of change, such as `relational` or `removed-call`.
    public var mutationOperator: MutationOperator
    /// The 1-based line it changes.
    public var line: Int
    /// The UTF-8 range of the source it replaces.
    public var start: Int
    public var end: Int
    /// What replaces that range.
    public var replacement: String
    /// The change in words: "`<` → `<=`".
    public var description: String

    /// A name that stays the same while the source does: `L42-relational-1`.
    public func name(ordinal: Int) -> String {
        "L\(line)-\(mutationOperator.rawValue)-\(ordinal)"
    }

    /// `source` with the change made.
    public func apply(to source: String) -> String {
        var bytes = Array(source.utf8)
        bytes.replaceSubrange(start..<end, with: Array(replacement.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }
}
