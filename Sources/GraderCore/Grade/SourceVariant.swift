import Foundation

/// Which sources of an exercise to grade.
public enum SourceVariant: Sendable, Hashable {
    /// The learner's files in the exercise folder.
    case learner
    /// The reference implementation.
    case reference
    /// A known-wrong solution from `Mutants/`.
    case mutant(String)
}
