import Foundation

/// A course, validated from `grader.yml` and every exercise's `exercise.yml`.
public struct Course: Sendable {
    /// The folder holding `grader.yml`.
    public var root: URL
    public var title: String
    public var lessons: [Lesson]
    /// The default limits from `grader.yml`, which lessons run under too.
    public var limits: Limits

    /// Every exercise, in course order.
    public var exercises: [Exercise] { lessons.flatMap(\.exercises) }

    /// The course's shared data (`Resources/`): in every lesson's app bundle, and in an
    /// exercise's bundle where its `exercise.yml` names it under `resources:`.
    public var resourcesDirectory: URL { root.appendingPathComponent("Resources") }
}

/// A lesson and its exercises.
public struct Lesson: Sendable {
    /// The lesson's folder name, such as `01-defaults`.
    public var id: String
    public var title: String
    public var exercises: [Exercise]
    /// `Lessons/<id>.md`, which may not be written yet.
    public var file: URL

    /// The lesson file relative to the course root.
    public var displayPath: String { "Lessons/\(id).md" }
}

/// Resource limits for one launch of an exercise binary.
public struct Limits: Hashable, Sendable, Codable {
    /// Wall-clock seconds one launch may run.
    public var timeLimit: Double
    /// Address-space limit in bytes (generous: Foundation reserves a lot).
    public var memoryBytes: Int
    /// Bytes of standard output plus standard error one launch may print.
    public var outputBytes: Int
    /// Largest file one launch may write.
    public var fileSizeBytes: Int

    public static let standard = Limits(
        timeLimit: 10, memoryBytes: 4 << 30, outputBytes: 1 << 20, fileSizeBytes: 64 << 20)

    func overridden(by file: LimitsFile?) -> Limits {
        var limits = self
        if let value = file?.timeLimit { limits.timeLimit = value.seconds }
        if let value = file?.memory { limits.memoryBytes = value.bytes }
        if let value = file?.outputLimit { limits.outputBytes = value.bytes }
        if let value = file?.fileSize { limits.fileSizeBytes = value.bytes }
        return limits
    }
}

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
    public var shortName: String {
        guard let dash = slug.firstIndex(of: "-"), slug[..<dash].allSatisfy(\.isNumber) else { return slug }
        return String(slug[slug.index(after: dash)...])
    }
}

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

/// A test case: steps run in order in one fresh app container.
public struct TestCase: Sendable, Hashable, Codable {
    public var name: String
    /// Its 0-based position in `exercise.yml`.
    public var index: Int
    public var weight: Double
    /// Hidden cases are run and scored but their details are not shown to the learner.
    public var hidden: Bool
    public var steps: [Step]
    /// Checks on the container after the steps.
    public var container: [ContainerAssertion] = []
    /// For cases with a `kill_during` step: how often and when it is killed.
    public var crash: CrashPlan?
    /// For randomized differential cases: the generated inputs.
    public var inputs: InputSpec?
    /// For performance cases: each call's limit, relative to the reference's time for it.
    public var timeLimit: RelativeTimeLimit?
}

/// `timeout: 10x`: a call may take `factor` times what the reference took for the same call,
/// and never less than `floor` seconds, so that a performance case is as fair on a slow
/// machine as on a fast one.
public struct RelativeTimeLimit: Sendable, Hashable, Codable {
    public var factor: Double
    public var floor: Double

    public static let defaultFloor = 0.25

    /// The limit for a call the reference answered in `referenceSeconds`.
    public func seconds(forReference referenceSeconds: Double) -> Double {
        max(floor, factor * referenceSeconds)
    }
}

/// One step of a case.
public enum Step: Sendable, Hashable, Codable {
    /// Call an operation of the driver.
    case call(Call)
    /// End the app gracefully (defaults are saved) and start a new process on the same container.
    case relaunch
    /// End the app abruptly with SIGKILL; the next call starts a new process.
    case kill
    /// Call an operation and kill the app with SIGKILL part-way through it, at a moment drawn
    /// from the case's seed; the next call starts a new process.
    case killDuring(Call)
}

/// A call of a driver operation and what its result must be.
public struct Call: Sendable, Hashable, Codable {
    public var operation: String
    public var arguments: JSONValue?
    public var expectation: Expectation
    /// The exact text the step must print on standard output, when given.
    public var stdout: String?
    public var options: ComparisonOptions
}

/// What a call's result is compared with.
public enum Expectation: Sendable, Hashable, Codable {
    /// The reference implementation's result for the same steps.
    case reference
    /// This literal value.
    case value(JSONValue)
    /// Any one of these literal values (after a crash: the old document or the new one).
    case oneOf([JSONValue])
    /// A thrown error of this type, of this case and at this coding path when given.
    case error(ErrorPattern)
}

/// The error a step must throw: `expect_error: DecodingError.keyNotFound`, or a mapping
/// that also names the coding path.
public struct ErrorPattern: Sendable, Hashable, Codable, CustomStringConvertible {
    public var type: String
    public var `case`: String?
    /// `people[1].email`; empty for the top level.
    public var codingPath: String?

    public init(type: String, case: String? = nil, codingPath: String? = nil) {
        self.type = type
        self.case = `case`
        self.codingPath = codingPath
    }

    /// `DecodingError.keyNotFound at people[1].email`.
    public var description: String {
        var text = `case`.map { "\(type).\($0)" } ?? type
        if let codingPath { text += " at \(codingPath.isEmpty ? "the top level" : codingPath)" }
        return text
    }
}
