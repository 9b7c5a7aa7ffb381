import Foundation
import Testing
@testable import GraderCore

/// The resource limits of `limits:` (issue 17): read, defaulted, and range-checked with errors
/// at their field.
struct LimitsFileTests {
    /// The problems and limits of a one-exercise course whose exercise says `limits: LIMITS`.
    private func load(limits: String) throws -> (problems: [CourseProblem], limits: Limits?) {
        let course = try TemporaryCourse(files: [
            "grader.yml": "format: 1\ntitle: T\ndefaults: {time_limit: 4s, processes: 100}\nlessons:\n  - id: 01-a\n    title: A\n    exercises: [01-one]\n",
            "Exercises/01-a/01-one/exercise.yml": """
                format: 1
                title: One
                summary: s
                limits: \(limits)
                cases:
                  - name: a case
                    steps:
                      - call: value

                """,
            "Exercises/01-a/01-one/README.md": "# One\n",
            "Exercises/01-a/01-one/Driver.swift": "",
            "Exercises/01-a/01-one/Solution.swift": "",
            "Exercises/01-a/01-one/Reference/Solution.swift": "",
        ])
        let loaded = try CourseLoader().load(root: course.root)
        return (loaded.problems, loaded.course.exercises.first?.limits)
    }

    @Test func everyLimitIsReadOverTheCoursesDefaults() throws {
        let (problems, limits) = try load(limits: "{total_memory: 256MiB, tmp_size: 8MiB, container_size: 32MiB, cpu_time: 2s, cpus: 0.5, case_time_limit: 20s}")
        #expect(problems.isEmpty, "\(problems)")
        let read = try #require(limits)
        #expect(read.processes == 100, "grader.yml's default")
        #expect(read.totalMemoryBytes == 256 << 20 && read.tmpBytes == 8 << 20 && read.containerBytes == 32 << 20)
        #expect(read.cpuSeconds == 2 && read.cpus == 0.5 && read.caseTimeLimit == 20)
    }

    @Test func cpuTimeFollowsTheTimeLimitUnlessSet() throws {
        let read = try #require(try load(limits: "{time_limit: 7s}").limits)
        #expect(read.cpuSeconds == 8, "a second more than the wall clock, so an endless loop times out")
        #expect(Limits.standard.cpuSeconds == 11 && Limits.standard.processes == 256 && Limits.standard.caseTimeLimit == 30)
    }

    @Test(arguments: [
        ("{processes: 3}", "limits.processes", "processes must be between 8 and 65536 (processes and threads)"),
        ("{total_memory: 1MiB}", "limits.total_memory", "total_memory must be between 32MiB and 1TiB"),
        ("{tmp_size: 1KiB}", "limits.tmp_size", "tmp_size must be between 64KiB and 1TiB"),
        ("{container_size: 2TiB}", "limits.container_size", nil),
        ("{cpu_time: 100000s}", "limits.cpu_time", "cpu_time must be between 1s and 86400s"),
        ("{cpus: .nan}", "limits.cpus", "cpus must be a number of cores between 0.01 and 1024"),
        ("{cpus: 0}", "limits.cpus", "cpus must be a number of cores between 0.01 and 1024"),
        ("{case_time_limit: 10ms}", "limits.case_time_limit", "case_time_limit must be between 100ms and 86400s"),
    ])
    func anOutOfRangeLimitIsAnErrorAtItsField(limits: String, field: String, message: String?) throws {
        let problem = try #require(try load(limits: limits).problems.first)
        #expect(problem.field == field)
        #expect(problem.file == "Exercises/01-a/01-one/exercise.yml")
        #expect(problem.line == 4)
        if let message { #expect(problem.message == message) }
    }
}
