import Foundation

/// A known-wrong solution kept beside an exercise to prove that its cases catch the bug.
public struct Mutant: Sendable {
    /// The file name without extension, such as `forgets-to-save`.
    public var name: String
    public var form: Form

    public enum Form: Sendable {
        /// `Mutants/NAME.patch`: a unified diff against the reference's files.
        case patch(URL)
        /// `Mutants/NAME.swift`: a whole replacement for the exercise's one learner file.
        case file(URL)
    }
}
