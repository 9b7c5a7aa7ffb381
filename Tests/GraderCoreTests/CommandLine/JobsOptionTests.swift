import Foundation
import Testing

/// `--jobs` is offered by the commands that run work at once, and by no other, through the real
/// `grader`'s help.
struct JobsOptionTests {
    @Test func onlyTheCommandsThatRunWorkAtOnceTakeJobs() throws {
        let course = try TemporaryCourse.fixture()
        let taking: [[String]: String] = [["check"]: "Builds and cases", ["verify"]: "Builds and cases",
                                          ["lessons", "check"]: "Lessons to check at once"]
        for (command, help) in taking {
            let output = try GraderProcess.run(command + ["--help"], in: course.root)
            #expect(output.stdout.contains("--jobs <jobs>") && output.stdout.contains(help), "\(command): \(output.stdout)")
        }
        for command in [["list"], ["show"], ["hint"], ["prepare"], ["lessons", "list"], ["lessons", "show"]] {
            let help = try GraderProcess.run(command + ["--help"], in: course.root)
            #expect(!help.stdout.contains("--jobs"), "\(command) runs nothing at once: \(help.stdout)")
            let refused = try GraderProcess.run(command + ["--jobs", "2"], in: course.root)
            #expect(refused.status == 64 && refused.stderr.contains("--jobs"), "\(command): \(refused.stderr)")
        }
    }
}
