import Foundation

/// Which sources of an exercise to grade.
public enum SourceVariant: Sendable, Hashable {
    /// The learner's files in the exercise folder.
    case learner
    /// The reference implementation.
    case reference
    /// A known-wrong solution from `Mutants/`.
    case mutant(String)
    /// A student's files in a folder of their own (`grader batch`): the exercise's learner
    /// files, named as in `Reference/`, directly inside it. Everything else (driver, cases,
    /// references, resources) still comes from the course.
    case submitted(URL)
}
