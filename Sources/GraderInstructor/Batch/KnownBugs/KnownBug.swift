import Foundation
import GraderCore

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
        self.init(name: mutant.name, summary: Self.addressedToTheStudent(mutant.summary), hint: mutant.hint)
    }
}

extension KnownBug {
    /// A student-style mutant's summary says why a student writes the mistake ("…, because the
    /// student thinks of "" as "no value", so a setting of "" reads as missing"): for the course's
    /// authors. Shown to a student as what their code does, that clause goes, up to the
    /// consequence that follows it (", so …", "; …") or the end.
    static func addressedToTheStudent(_ summary: String) -> String {
        summary.replacingOccurrences(of: #",\s+(because|since) the student\b.*?(?=, so |; |$)"#, with: "",
                                     options: .regularExpression)
    }
}
