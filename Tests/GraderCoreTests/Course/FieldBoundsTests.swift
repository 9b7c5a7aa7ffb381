import Foundation
import Testing
@testable import GraderCore

/// Every numeric field is finite, within what its type holds and within its documented bound,
/// or a problem located at the field: never a crash later (the sandbox's arguments, a report's
/// sums), never a value that silently breaks a run.
struct FieldBoundsTests {
    private static let manifest = CourseLoaderTests.manifest
    private static let exercise = CourseLoaderTests.validExercise

    private func problems(exercise yaml: String) throws -> [CourseProblem] {
        let temporary = try TemporaryCourse(files: [
            "grader.yml": Self.manifest,
            "Exercises/01-basics/01-one/exercise.yml": yaml,
            "Exercises/01-basics/01-one/README.md": "# One\n",
            "Exercises/01-basics/01-one/Driver.swift": "",
            "Exercises/01-basics/01-one/Solution.swift": "",
            "Exercises/01-basics/01-one/Reference/Solution.swift": "",
        ])
        return try CourseLoader().load(root: temporary.root).problems
    }

    /// `exercise.yml` with `limits: {LIMIT}` after its summary.
    private static func withLimits(_ limits: String) -> String {
        exercise.replacingOccurrences(of: "summary: The first exercise.\n",
                                      with: "summary: The first exercise.\nlimits: {\(limits)}\n")
    }

    /// `exercise.yml` whose first case has `FIELD` (a line at the case's level).
    private static func withCaseField(_ field: String) -> String {
        exercise.replacingOccurrences(of: "  - name: a case\n", with: "  - name: a case\n    \(field)\n")
    }

    @Test(arguments: [
        // Each crashed the grader, hung it or was taken as given.
        ("memory: 99999999999GiB", "limits.memory", "'99999999999GiB' is out of range: between 64MiB and 1TiB"),
        ("output_limit: nanKiB", "limits.output_limit", "'nanKiB' is not a size"),
        ("output_limit: infB", "limits.output_limit", "'infB' is not a size"),
        ("file_size: 1e30B", "limits.file_size", "'1e30B' is out of range: between 1KiB and 1TiB"),
        ("file_size: 99999999999999999999999", "limits.file_size", "'99999999999999999999999' is out of range"),
        ("time_limit: inf", "limits.time_limit", "'inf' is not a duration"),
        ("time_limit: 1e19s", "limits.time_limit", "'1e19s' is out of range: between 100ms and 3600s (an hour)"),
        ("time_limit: 1e-300s", "limits.time_limit", "'1e-300s' is out of range"),
        ("time_limit: 2 days", "limits.time_limit", "'2 days' is not a duration"),
        ("memory: 1KiB", "limits.memory", "'1KiB' is out of range: between 64MiB and 1TiB"),
        ("memory: 0x10MiB", "limits.memory", "'0x10MiB' is not a size"),
        ("points: -5", "limits.points", "'-5' is out of range: a whole number between 0 and 10000"),
    ])
    func limitsOutOfRangeAreLocated(limit: String, field: String, message: String) throws {
        let found = try problems(exercise: Self.withLimits(limit))
        let problem = try #require(found.first, "\(limit) was accepted")
        #expect(found.count == 1)
        #expect(problem.field == field)
        #expect(problem.line == 4)
        #expect(problem.column != nil)
        #expect(problem.message.hasPrefix(message), "\(problem.message)")
    }

    @Test(arguments: [
        ("weight: .nan", "cases[0].weight", "'nan' is out of range: a positive number, at most 1000"),
        ("weight: .inf", "cases[0].weight", "'inf' is out of range"),
        ("weight: 0", "cases[0].weight", "'0.0' is out of range"),
        ("weight: 1e300", "cases[0].weight", "is out of range"),
        ("timeout: infx", "cases[0].timeout", "'infx' is not a relative time limit"),
        ("timeout: nanx", "cases[0].timeout", "'nanx' is not a relative time limit"),
        ("timeout: 1e9x", "cases[0].timeout", "'1e9x' is out of range: a factor between 1x and 1000x"),
        ("timeout: 0.5x", "cases[0].timeout", "'0.5x' is out of range"),
        ("timeout_floor: 1e19s", "cases[0].timeout_floor", "'1e19s' is out of range: between 1ms and 3600s"),
    ])
    func caseFieldsOutOfRangeAreLocated(line: String, field: String, message: String) throws {
        var yaml = Self.withCaseField(line)
        if line.hasPrefix("timeout_floor") { yaml = Self.withCaseField("timeout: 2x\n    \(line)") }
        let found = try problems(exercise: yaml)
        let problem = try #require(found.first, "\(line) was accepted")
        #expect(problem.field == field)
        #expect(problem.line == (line.hasPrefix("timeout_floor") ? 7 : 6))
        #expect(problem.message.contains(message), "\(problem.message)")
    }

    @Test(arguments: ["XYZ", "0123456789ABCDEF", "0123456789abcde"])
    func aReviewedFingerprintIsSixteenLowercaseHexDigits(written: String) throws {
        let found = try problems(exercise: Self.exercise.replacingOccurrences(
            of: "summary: The first exercise.\n", with: "summary: The first exercise.\nequivalent_mutants_reviewed: \(written)\n"))
        let problem = try #require(found.first, "\(written) was accepted")
        #expect(problem.field == "equivalent_mutants_reviewed")
        #expect(problem.line == 4)
        #expect(problem.message.contains("must be the 16 hexadecimal digits `grader verify --mutants` prints"), "\(problem.message)")
        #expect(try problems(exercise: Self.exercise.replacingOccurrences(
            of: "summary: The first exercise.\n", with: "summary: The first exercise.\nequivalent_mutants_reviewed: 0123456789abcdef\n")).isEmpty)
    }

    @Test func tolerancesUserVersionsAndSizesAreBounded() throws {
        let found = try problems(exercise: Self.exercise.replacingOccurrences(of: "expect: 0", with: "expect: 0\n        tolerance: .inf") + """

                container:
                  - path: Documents/a.sqlite
                    is: sqlite
                    user_version: 99999999999
                  - path: Documents/b
                    is: file
                    size: {max: 99999999999GiB}
                  - path: Documents/c
                    is: json
                    tolerance: .nan
            """)
        #expect(found.map(\.field) == [
            "cases[0].steps[0].tolerance",
        ])
        // A decoding problem stops the file's decoding: the others show once it is fixed.
        let containers = try problems(exercise: Self.exercise + """

                container:
                  - path: Documents/a.sqlite
                    is: sqlite
                    user_version: 99999999999
            """)
        #expect(containers.first?.field == "cases[0].container[0].user_version")
        #expect(containers.first?.message.contains("a 32-bit integer") == true)
        let size = try problems(exercise: Self.exercise + """

                container:
                  - path: Documents/b
                    is: file
                    size: {max: 99999999999GiB}
            """)
        #expect(size.first?.field == "cases[0].container[0].size.max")
        #expect(size.first?.line == 12)
        let tolerance = try problems(exercise: Self.exercise + """

                container:
                  - path: Documents/c
                    is: json
                    tolerance: .nan
            """)
        #expect(tolerance.first?.field == "cases[0].container[0].tolerance")
    }

    @Test func theManifestsDefaultsAreBoundedToo() throws {
        let temporary = try TemporaryCourse(files: [
            "grader.yml": Self.manifest.replacingOccurrences(of: "title: Test course\n",
                                                              with: "title: Test course\ndefaults:\n  time_limit: 1e19s\n"),
        ])
        #expect {
            try CourseLoader().loadManifest(root: temporary.root)
        } throws: { error in
            let problem = error as? CourseProblem
            return problem?.field == "defaults.time_limit" && problem?.line == 4 && problem?.message.contains("out of range") == true
        }
    }

    @Test func valuesWithinTheirBoundsLoadAsWritten() throws {
        let temporary = try TemporaryCourse(files: [
            "grader.yml": Self.manifest,
            "Exercises/01-basics/01-one/exercise.yml": Self.withLimits("time_limit: 3600s, memory: 1TiB, output_limit: 1.5KiB, file_size: 4096, points: 0")
                .replacingOccurrences(of: "  - name: a case\n", with: "  - name: a case\n    weight: 0.5\n    timeout: 1000x\n    timeout_floor: 1ms\n"),
            "Exercises/01-basics/01-one/README.md": "# One\n",
            "Exercises/01-basics/01-one/Driver.swift": "",
            "Exercises/01-basics/01-one/Solution.swift": "",
            "Exercises/01-basics/01-one/Reference/Solution.swift": "",
        ])
        let loaded = try CourseLoader().load(root: temporary.root)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let exercise = try #require(loaded.course.exercises.first)
        #expect(exercise.limits == Limits(timeLimit: 3600, memoryBytes: 1 << 40, outputBytes: 1536, fileSizeBytes: 4096))
        #expect(exercise.points == 0)
        #expect(exercise.cases[0].weight == 0.5)
        #expect(exercise.cases[0].timeLimit == RelativeTimeLimit(factor: 1000, floor: 0.001))
    }
}
