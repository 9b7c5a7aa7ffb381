import Foundation

/// A known-wrong solution kept beside an exercise to prove that its cases catch the bug.
///
/// A folder `Mutants/NAME/` holds a mutant whose mistake is also, or only, in the app's
/// resources, such as a model without an inverse relationship: its `Resources/` replace the
/// bundle's files of the same name, beside an optional `NAME.swift` (a whole learner file) or
/// `NAME.patch`; with neither, the reference's code is built with the changed resources.
///
/// Its header (``MutantHeader``) says what it gets wrong and gives a hint; `grader batch` shows
/// both to a student whose failures are this mutant's (`Docs/batch.md`, *Known bugs*).
public struct Mutant: Sendable {
    /// The file name without extension, such as `forgets-to-save`.
    public var name: String
    public var form: Form
    /// Files that replace the bundle's files of the same name for this mutant only: a model
    /// file with a mistake in it, say (`Mutants/NAME/Resources/`).
    public var resources: URL?
    /// What it gets wrong, in a few words: its `Mutant:` line, else its name with dashes as
    /// spaces (`forgets to save`).
    public var summary: String
    /// One sentence pointing a student at the mistake without giving code: its `Hint:` line.
    public var hint: String?

    public init(name: String, form: Form, resources: URL? = nil, summary: String? = nil, hint: String? = nil) {
        self.name = name
        self.form = form
        self.resources = resources
        self.summary = summary ?? name.replacingOccurrences(of: "-", with: " ")
        self.hint = hint
    }

    public enum Form: Sendable {
        /// `Mutants/NAME.patch`: a unified diff against the reference's files.
        case patch(URL)
        /// `Mutants/NAME.swift`: a whole replacement for the exercise's one learner file.
        case file(URL)
        /// The reference's own files, unchanged: a mutant that only changes resources.
        case reference
        /// A generated mutant inside a mutant schema (`grader verify --mutants`): the schema's
        /// one learner file, built once, in a copy of whose binary the mutant's number is written.
        case schema(URL, number: Int)
    }
}
