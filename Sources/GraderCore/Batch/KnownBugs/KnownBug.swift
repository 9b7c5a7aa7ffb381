import Foundation

/// A hand-written mutant of an exercise, as a student's report names it when their failures are
/// that mutant's: what it gets wrong and the hint its author wrote (``Mutant``'s header).
public struct KnownBug: Codable, Sendable, Hashable {
    /// The mutant's name, such as `forgets-to-save` (`Mutants/forgets-to-save.patch`).
    public var name: String
    /// What it gets wrong, completing "your code behaves like…": its `Mutant:` line.
    public var summary: String
    /// One sentence pointing at the mistake without giving code: its `Hint:` line, when it has one.
    public var hint: String?

    public init(name: String, summary: String, hint: String? = nil) {
        self.name = name
        self.summary = summary
        self.hint = hint
    }

    init(_ mutant: Mutant) {
        self.init(name: mutant.name, summary: mutant.summary, hint: mutant.hint)
    }
}
