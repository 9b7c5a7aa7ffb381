import Foundation

/// How many of an exercise's generated mutants its cases catch (`grader verify --mutants`).
public struct MutationScore: Codable, Sendable {
    /// A generated mutant that every case passed.
    public struct Survivor: Codable, Sendable {
        public var name: String
        /// What changed, such as "`<` → `<=`".
        public var change: String
        public var line: Int
        /// The line before and after, as a two-line diff.
        public var diff: String
        /// The author's reason, when `exercise.yml` lists it as equivalent.
        public var equivalentBecause: String?
        /// False for a listed equivalent not graded again: the reference and its mutation are
        /// the ones the author judged (`equivalent_mutants_reviewed`).
        public var graded = true
    }

    public var exercise: String
    /// Mutants generated from the reference, and how many were tried (a sample when there are more).
    public var generated: Int
    public var tried: Int
    /// Tried mutants that did not compile: they count neither way.
    public var notCompiled: Int
    public var caught: Int
    /// Tried mutants built together in one mutant schema; the others were built one by one.
    public var builtInSchema: Int = 0
    /// Mutants every case passed, equivalent ones included.
    public var survivors: [Survivor]
    /// The least score the course accepts.
    public var minimum: Double
    /// Names under `equivalent_mutants` that no generated mutant has (the reference changed).
    public var unknownEquivalents: [String] = []
    /// When `exercise.yml` lists equivalent mutants for another reference or other mutations
    /// than today's (or says nothing of what it judged): the fingerprint of today's, to write as
    /// `equivalent_mutants_reviewed` once each listed mutant has been judged again. Until then
    /// the listing may excuse a mutation nobody judged, and the score does not pass.
    public var equivalentsToReview: String?

    /// Caught ÷ (caught + survivors not listed as equivalent); 1 when nothing compiled.
    public var score: Double {
        let counted = caught + survivors.filter { $0.equivalentBecause == nil }.count
        return counted == 0 ? 1 : Double(caught) / Double(counted)
    }

    public var passed: Bool { score >= minimum && unknownEquivalents.isEmpty && equivalentsToReview == nil }
}
