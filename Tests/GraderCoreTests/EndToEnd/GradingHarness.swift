import Foundation
import Testing
@testable import GraderCore

/// Grades fixture submissions for real: swiftc builds, sandboxed processes, app containers.
enum GradingHarness {
    /// One work folder for the whole test run, so that builds and the module cache are shared.
    static let workDirectory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("grader-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        RemovedAtExit.register(url)
        return url
    }()

    /// The running test binary, beside which SwiftPM put the ExerciseKit runtime.
    static var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }

    /// How launches start unless a test says: forked, or as `GRADER_TEST_LAUNCH` names (`exec`
    /// runs the whole suite the other way).
    static let defaultLaunch = ProcessInfo.processInfo.environment["GRADER_TEST_LAUNCH"].flatMap(LaunchMode.init(rawValue:)) ?? .fork

    static func workspace(_ course: TemporaryCourse, launch: LaunchMode = defaultLaunch) throws -> Workspace {
        try Workspace.open(root: course.root, executable: executable, workDirectory: workDirectory, launch: launch)
    }

    /// Grades the fixture's counter exercise with `submission` as the learner's Solution.swift.
    static func gradeCounter(_ submission: String) throws -> ExerciseResult {
        let course = try TemporaryCourse.fixture()
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", try Fixtures.submission(submission))
        let workspace = try workspace(course)
        let exercise = try requireExercise("counter", in: workspace)
        return try workspace.grader(GraderOptions(jobs: 2)).grade([exercise])[0]
    }

    /// Grades fixture exercise `slug` (in `00-fixtures`) with its reference's code changed by
    /// `edits` (old → new) as the learner's Solution.swift: one bug planted at a time.
    static func gradeEditedReference(_ slug: String, _ edits: [(String, String)]) throws -> ExerciseResult {
        let (course, workspace, exercise) = try editedReference(slug, edits)
        return try withExtendedLifetime(course) { try workspace.grader(GraderOptions(jobs: 2)).grade([exercise])[0] }
    }

    /// The course, workspace and exercise `gradeEditedReference` grades, for tests that set up
    /// its grader. The course folder lives as long as `course`.
    static func editedReference(_ slug: String, _ edits: [(String, String)]) throws -> (TemporaryCourse, Workspace, Exercise) {
        let course = try TemporaryCourse.fixture()
        let folder = "Exercises/00-fixtures/\(slug)"
        var code = try String(contentsOf: course.root.appendingPathComponent("\(folder)/Reference/Solution.swift"), encoding: .utf8)
        for (old, new) in edits {
            #expect(code.contains(old), "the edit must apply: \(old)")
            code = code.replacingOccurrences(of: old, with: new)
        }
        try course.write("\(folder)/Solution.swift", code)
        let workspace = try workspace(course)
        let name = String(slug.drop { $0.isNumber || $0 == "-" })
        return (course, workspace, try requireExercise(name, in: workspace))
    }

    static func firstFailure(_ result: ExerciseResult) -> (CaseResult, StepFailure)? {
        guard let failed = result.cases.first(where: { $0.status == .failed }), let failure = failed.failure else {
            return nil
        }
        return (failed, failure)
    }
}

struct MissingExercise: Error {
    var name: String
}

func requireExercise(_ name: String, in workspace: Workspace) throws -> Exercise {
    guard let exercise = workspace.course.exercises.first(where: { $0.shortName == name }) else {
        throw MissingExercise(name: name)
    }
    return exercise
}
