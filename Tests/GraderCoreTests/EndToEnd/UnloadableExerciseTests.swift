import Foundation
import Testing
@testable import GraderCore

/// Commands that name an exercise which does not load say why, with the file and line; `list`
/// shows every exercise `grader.yml` lists, never silently fewer.
struct UnloadableExerciseTests {
    /// The fixture course with sandbox-probe's `exercise.yml` removed and documents' broken.
    private func brokenCourse() throws -> TemporaryCourse {
        let course = try TemporaryCourse.fixture()
        try FileManager.default.removeItem(at: course.root.appendingPathComponent("Exercises/00-fixtures/02-sandbox-probe/exercise.yml"))
        try course.write("Exercises/00-fixtures/03-documents/exercise.yml", "format: 1\ntitle: [\n")
        return course
    }

    private static let missing = "grader.yml:11:29: lessons[0].exercises[1]: no exercise at Exercises/00-fixtures/02-sandbox-probe/exercise.yml"
    private static let broken = "Exercises/00-fixtures/03-documents/exercise.yml:3:1: invalid YAML"

    @Test func listShowsEveryExerciseAndWhyOneDoesNotLoad() throws {
        let course = try brokenCourse()
        let list = try GraderProcess.run(["list"], in: course.root, environment: ["NO_COLOR": "1"])
        #expect(list.status == 0)
        // Before: documents and sandbox-probe were left out without a word.
        #expect(list.stdout.contains("  03-documents             ! does not load\n      \(Self.broken)"), "\(list.stdout)")
        #expect(list.stdout.contains("  02-sandbox-probe         ! does not load\n      \(Self.missing)"))
        #expect(list.stdout.contains("01-counter               · not checked yet  Counter"))
    }

    @Test func namingAnExerciseWithoutItsFileSaysSo() throws {
        let course = try brokenCourse()
        // Before: "no exercise matches 'sandbox-probe'".
        for command in [["verify", "sandbox-probe"], ["check", "sandbox-probe"], ["show", "sandbox-probe"],
                        ["hint", "Exercises/00-fixtures/02-sandbox-probe"]] {
            let output = try GraderProcess.run(command, in: course.root)
            #expect(output.status == 2, "\(command)")
            #expect(output.stderr.contains("error: \(Self.missing)"), "\(command): \(output.stderr)")
            #expect(!output.stderr.contains("no exercise matches"))
        }
    }

    @Test func namingAnExerciseThatDoesNotParseShowsItsProblem() throws {
        let course = try brokenCourse()
        let verify = try GraderProcess.run(["verify", "documents"], in: course.root)
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("✗ \(Self.broken)"))
        let check = try GraderProcess.run(["check", "documents"], in: course.root)
        #expect(check.status == 2)
        #expect(check.stderr.contains("course problem: \(Self.broken)"))
        let show = try GraderProcess.run(["show", "documents"], in: course.root)
        #expect(show.status == 2)
        #expect(show.stderr.contains("error: \(Self.broken)"))
    }
}
