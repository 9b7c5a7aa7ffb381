import Foundation
import Testing
@testable import GraderCore

/// The compiler's confinement, run for real: it reads its inputs and nothing of other students
/// or of the course, has no network, and its time limit ends every process it started.
@Suite(.serialized)
struct CompilerSandboxTests {
    /// The compiler sandbox of a workspace on the fixture course.
    private func sandbox() throws -> (CompilerSandbox, Workspace, TemporaryCourse) {
        let course = try TemporaryCourse.fixture()
        let workspace = try GradingHarness.workspace(course)
        return (try #require(workspace.workbench.engine.compilerSandbox), workspace, course)
    }

    @Test func aBuildSeesItsInputsAndNotAnotherStudentsFolderNorTheCourse() throws {
        let (compiler, _, course) = try sandbox()
        let students = try TemporaryCourse()
        try students.write("ana/01-counter/Solution.swift", "// ana's\n")
        try students.write("ben/01-counter/Solution.swift", "// ben's\n")
        let ana = students.root.appendingPathComponent("ana/01-counter/Solution.swift")
        let ben = students.root.appendingPathComponent("ben/01-counter/Solution.swift")
        let reference = course.root.appendingPathComponent("Exercises/00-fixtures/01-counter/Reference/Solution.swift")
        let output = try TemporaryCourse()
        // `cat` stands for the compiler: what it can open, the compiler could.
        let command = compiler.command(running: "/bin/cat", swiftc: URL(fileURLWithPath: "/bin/cat"),
                                       arguments: ["Exercises/00-fixtures/01-counter/Solution.swift", ana.path, ben.path, reference.path],
                                       inputs: [(ana, "Exercises/00-fixtures/01-counter/Solution.swift")],
                                       writable: [output.root], temporary: output.root)
        #expect(command.arguments.contains("--unshare-all"), "no network, no IPC, its own PIDs")
        let run = try ChildProcess.run(command.executable, command.arguments, environment: [:], timeLimit: 10)
        #expect(run.output.contains("// ana's"), "at the path it is shown as")
        #expect(run.output.contains("\(ana.path): No such file"), "and nowhere else")
        #expect(!run.output.contains("// ben's") && run.output.contains("\(ben.path): No such file"))
        #expect(run.output.contains("\(reference.path): No such file"))
    }

    @Test func theTimeLimitEndsEveryProcessTheCompilerStarted() throws {
        let (compiler, _, _) = try sandbox()
        let scratch = try TemporaryCourse()
        let command = compiler.command(running: "/bin/sh", swiftc: URL(fileURLWithPath: "/bin/sh"),
                                       arguments: ["-c", "sleep 4301 & setsid sleep 4302 & wait"],
                                       inputs: [], writable: [scratch.root], temporary: scratch.root)
        let run = try ChildProcess.run(command.executable, command.arguments, environment: [:], timeLimit: 0.5)
        #expect(run.timedOut)
        usleep(200_000)
        #expect(try HostileSubmissionTests.processes("sleep 430").isEmpty)
    }

    @Test func aCompileErrorNeverQuotesAFileThatIsNotTheBuildsOwn() throws {
        // `#sourceLocation` makes the compiler name any file; the grader must not read it.
        let secrets = try TemporaryCourse(files: ["other/Solution.swift": "let answer = \"another student's\"\n"])
        let other = secrets.root.appendingPathComponent("other/Solution.swift").path
        let course = try TemporaryCourse.fixture()
        let passes = try Fixtures.submission("passes")
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift",
                         passes + "#sourceLocation(file: \"\(other)\", line: 1)\nlet leak: Int = \"x\"\n#sourceLocation()\n")
        let workspace = try GradingHarness.workspace(course)
        let result = try workspace.grader().grade([try requireExercise("counter", in: workspace)])[0]
        #expect(result.status == .compileError)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.sourceLine == nil)
        #expect(!result.diagnostics.contains { $0.sourceLine?.contains("another student's") == true })
        // A line of the learner's own file is still quoted.
        let own = try GradingHarness.gradeCounter("compile-error")
        #expect(own.diagnostics.first?.sourceLine?.contains("value() + stepp") == true)
    }
}
