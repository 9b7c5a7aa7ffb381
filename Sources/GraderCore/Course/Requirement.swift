/// A requirement of an exercise's statement, numbered in the order `exercise.yml` lists them,
/// with the cases that test it and the mutants that break it alone.
///
/// `grader verify` reports one with no case, with no mutant, or whose mutants all pass its
/// cases, as a course problem at its line: a requirement no case can fail is a promise the
/// grade does not keep.
public struct Requirement: Sendable, Hashable {
    /// 1-based, in the file's order: `requirement 3`.
    public var number: Int
    /// The statement's sentence, as quoted.
    public var statement: String
    /// Names of the cases that exercise it (`exploration` for the exploration).
    public var cases: [String]
    /// Names of the hand-written mutants that break it.
    public var mutants: [String]
    /// Where it is written (`exercise.yml` and the line of its `- statement:`), for problems.
    public var location: CourseProblem

    public init(number: Int, statement: String, cases: [String], mutants: [String], location: CourseProblem) {
        self.number = number
        self.statement = statement
        self.cases = cases
        self.mutants = mutants
        self.location = location
    }

    /// The comment lines that enclose the table of every requirement in `Exercises/README.md`
    /// (`RequirementTable` writes it; a student handout leaves it out, since it names hidden
    /// cases and mutants).
    public static let tableBegin = "<!-- requirements: begin (generated from exercise.yml; see \"Requirements\") -->"
    public static let tableEnd = "<!-- requirements: end -->"

    /// A problem with this requirement, located where it is written.
    public func problem(_ message: String) -> CourseProblem {
        var problem = location
        problem.message = message
        return problem
    }
}
