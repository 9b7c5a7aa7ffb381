import Foundation

/// An exercise: what the learner edits, how it is built and how it is tested.
public struct Exercise: Sendable {
    /// `lesson/exercise`, such as `01-defaults/01-car-settings`.
    public var id: String
    /// The exercise folder's name, such as `01-car-settings`.
    public var slug: String
    public var lessonID: String
    public var title: String
    public var summary: String
    public var points: Int
    public var hints: [String]
    public var limits: Limits
    /// `UserDefaults` suites the runtime saves on a graceful termination, besides the standard one.
    public var defaultsSuites: [String]
    public var cases: [TestCase]
    /// The exercise folder.
    public var directory: URL
    /// The exercise folder relative to the course root, for messages.
    public var displayPath: String
    /// The files the learner writes, named as in `Reference/`.
    public var learnerFiles: [String]
    /// Known-wrong solutions, each of which must fail some case.
    public var mutants: [Mutant]
    /// Items of the course's `Resources/` this exercise's bundle holds besides its own `Resources/`.
    public var sharedResources: [URL] = []
    /// Generated mutants that no case can catch because they change nothing, by name, each with
    /// the author's one-line reason (`equivalent_mutants` in `exercise.yml`).
    public var equivalentMutants: [String: String] = [:]
    /// The fingerprint of the reference and of the mutations ``equivalentMutants`` names, as
    /// they were when the author judged them (`equivalent_mutants_reviewed`): while it is still
    /// theirs, `verify --mutants` does not grade them again.
    public var equivalentMutantsReviewed: String?
    /// The statement's requirements, each with the cases that test it and the mutants that
    /// break it (`requirements` in `exercise.yml`); none in a student handout.
    public var requirements: [Requirement] = []
    /// Where each written step is in `exercise.yml` (`file:line:column: cases[i].steps[j]`), by
    /// case and step index: a step the reference cannot run is a course problem shown there.
    public var stepPlaces: [[String]] = []
    /// SHA-256 of `exercise.yml` exactly as it was read: the hash every result of this exercise
    /// records of the cases it was graded with (its cases are read from that file alone).
    public var casesHash: String?
    /// In a student handout: the compiled reference, which stands for `Reference/`.
    public var shippedReference: ShippedReference?
    /// In a student handout: how many hidden cases the instructor grades that the handout's
    /// `exercise.yml` leaves out.
    public var withheldCases = 0

    public var driverURL: URL { directory.appendingPathComponent("Driver.swift") }
    public var referenceDirectory: URL { directory.appendingPathComponent("Reference") }
    public var resourcesDirectory: URL { directory.appendingPathComponent("Resources") }
    public var statementURL: URL { directory.appendingPathComponent("README.md") }

    /// What the app bundle holds: the shared course items, then the exercise's own
    /// `Resources/` (which wins where both have a file of the same name).
    public var bundleResources: BundleResources {
        var resources = BundleResources()
        for item in sharedResources { resources.add(item) }
        resources.add(contentsOf: resourcesDirectory)
        return resources
    }

    /// The learner's own files, in the exercise folder.
    public var learnerSources: [URL] { learnerFiles.map { directory.appendingPathComponent($0) } }
    /// The reference implementation's files.
    public var referenceSources: [URL] { learnerFiles.map { referenceDirectory.appendingPathComponent($0) } }

    /// The slug without its number: `car-settings` for `01-car-settings`.
    public var shortName: String { Self.shortName(of: slug) }

    /// `car-settings` for `01-car-settings`.
    public static func shortName(of slug: String) -> String {
        guard let dash = slug.firstIndex(of: "-"), slug[..<dash].allSatisfy(\.isNumber) else { return slug }
        return String(slug[slug.index(after: dash)...])
    }
}
