import Foundation
import Testing
@testable import GraderCore

/// The driver's plan, asked once and replayed: real builds with the toolchain, in the compiler's
/// sandbox and unconfined, against builds the driver runs itself.
@Suite(.serialized)
struct CompilerJobsTests {
    @Test func shellWordsReadBackWhatTheyQuote() {
        let words = ["/opt/swift/usr/bin/swift-frontend", "-c", "a b/it's.swift", "", "$HOME", "x\"y\\z", "-Xlinker", "--export-dynamic-symbol=readdir", "ü.swift", "@list"]
        let line = words.map(ShellWords.quote).joined(separator: " ")
        #expect(ShellWords.split(line) == words)
        #expect(ShellWords.split("a \"b c\" 'd e' f\\ g") == ["a", "b c", "d e", "f g"])
        #expect(ShellWords.split("a 'unterminated") == nil)
        #expect(ShellWords.split("echo $(id)") == nil, "a shell would run it")
        #expect(ShellWords.split("a > b") == nil)
    }

    private let driverOutput = """
        /opt/swift/usr/bin/swift-frontend -frontend -c __grader_input__/input0.swift '__grader_input__/input1.swift' -module-name App -o /scratch/TemporaryDirectory.ZrnL1Q/App-1.o
        /opt/swift/usr/bin/swift-autolink-extract /scratch/TemporaryDirectory.ZrnL1Q/App-1.o -o /scratch/TemporaryDirectory.ZrnL1Q/App-2.autolink
        /opt/swift/usr/bin/clang -fuse-ld=lld /scratch/TemporaryDirectory.ZrnL1Q/App-1.o @/scratch/TemporaryDirectory.ZrnL1Q/App-2.autolink -o __grader_output__/App
        """

    @Test func aPlanReplacesTheInputsTheOutputAndTheTemporaryFolder() throws {
        let placeholders = ["__grader_input__/input0.swift", "__grader_input__/input1.swift", CompilerJobs.outputPlaceholder]
        let jobs = try #require(CompilerJobs.parse(driverOutput, placeholders: placeholders, temporary: "/scratch"))
        let commands = jobs.commands(replacing: [placeholders[0]: "Exercises/a/Driver.swift", placeholders[1]: "/s/it's here.swift",
                                                 placeholders[2]: "/b/App.app/App"], temporary: "/build/tmp")
        #expect(commands.count == 3)
        #expect(commands[0].contains("Exercises/a/Driver.swift") && commands[0].contains("/s/it's here.swift"))
        #expect(commands[0].last == "/build/tmp/App-1.o")
        #expect(commands[2].contains("@/build/tmp/App-2.autolink") && commands[2].last == "/b/App.app/App")
        #expect(!commands.joined().contains { $0.contains("/scratch") || $0.contains("__grader") })
        #expect(ShellWords.split(CompilerJobs.script([commands[0]])) == commands[0])
    }

    @Test func aPlanThatCannotBeReplayedIsRefused() {
        let placeholders = ["__grader_input__/input0.swift", "__grader_input__/input1.swift"]
        #expect(CompilerJobs.parse(driverOutput, placeholders: placeholders + ["__grader_input__/input2.swift"], temporary: "/scratch") == nil,
                "an input the plan does not name")
        #expect(CompilerJobs.parse(driverOutput + "\n/opt/swift/usr/bin/swift-frontend @/scratch/TemporaryDirectory.ZrnL1Q/args.resp",
                                   placeholders: placeholders, temporary: "/scratch") == nil, "a response file")
        #expect(CompilerJobs.parse("swift-frontend -c __grader_input__/input0.swift __grader_input__/input1.swift",
                                   placeholders: placeholders, temporary: "/scratch") == nil, "a command not by its path")
        #expect(CompilerJobs.parse("error: no such module", placeholders: placeholders, temporary: "/scratch") == nil)
        #expect(CompilerJobs.parse("", placeholders: placeholders, temporary: "/scratch") == nil)
    }

    /// The fixture's counter built with `solution` by a fresh engine of the workspace's, planned
    /// or by the driver each time.
    /// The folders stay as long as the engine is kept.
    private func build(_ solution: String, plans: Bool) throws -> (BuildOutcome, BuildEngine, [TemporaryCourse]) {
        let course = try TemporaryCourse.fixture()
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", solution)
        let workspace = try GradingHarness.workspace(course)
        let shared = workspace.workbench.engine
        let work = try TemporaryCourse()
        let engine = BuildEngine(toolchain: shared.toolchain, workDirectory: work.root, courseRoot: course.root)
        engine.compilerSandbox = shared.compilerSandbox
        engine.usesDriverPlans = plans
        let exercise = try requireExercise("counter", in: workspace)
        return (try engine.build(exercise: exercise, sources: exercise.learnerSources), engine, [course, work])
    }

    @Test func aReplayedPlanBuildsWhatTheDriverBuildsAndFailsAsItFails() throws {
        let reference = try String(contentsOf: Fixtures.course
            .appendingPathComponent("Exercises/00-fixtures/01-counter/Reference/Solution.swift"), encoding: .utf8)
        let tag = "// \(UUID().uuidString)\n"
        let (planned, engine, plannedFolders) = try build(reference + tag, plans: true)
        #expect(engine.plans.replayable == 1, "the build ran the driver's jobs itself")
        let (driven, other, drivenFolders) = try build(reference + tag + "// driven\n", plans: false)
        #expect(other.plans.replayable == 0)
        guard case .built(let plannedBundle) = planned, case .built(let drivenBundle) = driven else {
            Issue.record("both build: \(planned) \(driven)")
            return
        }
        let plannedSymbols = try ChildProcess.run("/usr/bin/nm", ["-D", "--defined-only", plannedBundle.directory.appendingPathComponent(AppBundle.executableName).path], environment: [:], timeLimit: 30)
        let drivenSymbols = try ChildProcess.run("/usr/bin/nm", ["-D", "--defined-only", drivenBundle.directory.appendingPathComponent(AppBundle.executableName).path], environment: [:], timeLimit: 30)
        #expect(plannedSymbols.termination == .exited(0) && !plannedSymbols.output.isEmpty)
        #expect(plannedSymbols.output == drivenSymbols.output, "the same exported symbols: the same link")
        withExtendedLifetime((plannedFolders, drivenFolders)) {}

        let broken = reference + tag + "let wrong: Int = \"text\"\nfunc f( {\n"
        let (plannedError, _, _) = try build(broken, plans: true)
        let (drivenError, _, _) = try build(broken, plans: false)
        guard case .failed(let plannedDiagnostics) = plannedError, case .failed(let drivenDiagnostics) = drivenError else {
            Issue.record("both fail: \(plannedError) \(drivenError)")
            return
        }
        #expect(plannedDiagnostics.contains { $0.severity == .error && $0.file == "Exercises/00-fixtures/01-counter/Solution.swift" && $0.message.contains("cannot convert") })
        #expect(plannedDiagnostics == drivenDiagnostics)
    }

    @Test func aPlanIsKeptForTheNextProcessOfTheSameToolchain() throws {
        // Each engine stands for a grader process: the second on the same work folder builds
        // without asking the driver; one whose toolchain differs asks again.
        let course = try TemporaryCourse.fixture()
        let workspace = try GradingHarness.workspace(course)
        let shared = workspace.workbench.engine
        let exercise = try requireExercise("counter", in: workspace)
        let work = try TemporaryCourse()
        func engine(_ toolchain: Toolchain) -> BuildEngine {
            let engine = BuildEngine(toolchain: toolchain, workDirectory: work.root, courseRoot: course.root)
            engine.compilerSandbox = shared.compilerSandbox
            return engine
        }
        let reference = try String(contentsOf: Fixtures.course
            .appendingPathComponent("Exercises/00-fixtures/01-counter/Reference/Solution.swift"), encoding: .utf8)
        var outcomes: [BuildOutcome] = []
        var toolchain = shared.toolchain
        let first = engine(toolchain)
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", reference + "// \(UUID().uuidString)\n")
        outcomes.append(try first.build(exercise: exercise, sources: exercise.learnerSources))
        #expect(first.plans.asked == 1 && first.plans.replayable == 1)
        let kept = try FileManager.default.contentsOfDirectory(atPath: work.root.appendingPathComponent("compiler-plans").path)
        #expect(kept.count == 1, "\(kept)")

        let second = engine(toolchain)
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", reference + "// \(UUID().uuidString)\n")
        outcomes.append(try second.build(exercise: exercise, sources: exercise.learnerSources))
        #expect(second.plans.asked == 0 && second.plans.replayable == 1, "the kept plan was replayed")

        // A kept plan that no longer reads (a cut-off write, a hand edit) is asked again.
        let plans = work.root.appendingPathComponent("compiler-plans")
        for name in try FileManager.default.contentsOfDirectory(atPath: plans.path) {
            try Data("{\"commands\": [[\"/bin".utf8).write(to: plans.appendingPathComponent(name))
        }
        let damaged = engine(toolchain)
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", reference + "// \(UUID().uuidString)\n")
        outcomes.append(try damaged.build(exercise: exercise, sources: exercise.learnerSources))
        #expect(damaged.plans.asked == 1 && damaged.plans.replayable == 1, "a damaged plan is asked anew")

        toolchain.fingerprint += "\nanother compiler"
        let third = engine(toolchain)
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", reference + "// \(UUID().uuidString)\n")
        outcomes.append(try third.build(exercise: exercise, sources: exercise.learnerSources))
        #expect(third.plans.asked == 1, "another toolchain's plan is asked anew")
        for outcome in outcomes {
            guard case .built = outcome else {
                Issue.record("it builds: \(outcome)")
                continue
            }
        }
    }

    @Test func anUnconfinedBuildReplaysThePlanInAFolderWithASpaceAndAQuote() throws {
        let shared = try GradingHarness.workspace(TemporaryCourse.fixture()).workbench.engine
        let folder = try TemporaryCourse(files: ["it's a folder/main.swift": "print(\"built \\(6 * 7)\") // \(UUID().uuidString)\n",
                                                 "it's a folder/Helper.swift": "let helper = 1\n"])
        let work = folder.root.appendingPathComponent("work here")
        let engine = BuildEngine(toolchain: shared.toolchain, workDirectory: work, courseRoot: folder.root)
        #expect(engine.compilerSandbox == nil)
        let inputs = ["main.swift", "Helper.swift"].map { folder.root.appendingPathComponent("it's a folder/\($0)") }
        guard case .built(let bundle) = try engine.build(inputs: inputs, resources: BundleResources(), parseAsLibrary: false) else {
            Issue.record("it builds")
            return
        }
        #expect(engine.plans.replayable == 1)
        let run = try ChildProcess.run(bundle.directory.appendingPathComponent(AppBundle.executableName).path, [], environment: [:], timeLimit: 30)
        #expect(run.output == "built 42\n")
    }

    @Test func aPlannedJobThatASignalEndsIsTheCompilersCrash() throws {
        // A stand-in driver whose plan is one frontend that crashes (SIGSEGV), as a real one can.
        let folder = try TemporaryCourse(files: ["main.swift": "print(1) // \(UUID().uuidString)\n"])
        let frontend = folder.root.appendingPathComponent("fake-frontend")
        let driver = folder.root.appendingPathComponent("fake-swiftc")
        try folder.write("fake-frontend", "#!/bin/sh\necho 'fake frontend: stack dump' >&2\nkill -SEGV $$\n")
        try folder.write("fake-swiftc", """
            #!/bin/sh
            if [ "$1" = "-###" ]; then shift; echo "\(frontend.path) $*"; exit 0; fi
            echo "the driver itself was run" >&2; exit 3

            """)
        for tool in [frontend, driver] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        }
        var toolchain = try GradingHarness.workspace(TemporaryCourse.fixture()).workbench.engine.toolchain
        toolchain.swiftc = driver
        let engine = BuildEngine(toolchain: toolchain, workDirectory: folder.root.appendingPathComponent("work"), courseRoot: folder.root)
        let outcome = try engine.build(inputs: [folder.root.appendingPathComponent("main.swift")], resources: BundleResources(),
                                       parseAsLibrary: false)
        #expect(engine.plans.replayable == 1, "the plan was replayed, not the driver run")
        guard case .failed(let diagnostics) = outcome else {
            Issue.record("a crash is a failed build: \(outcome)")
            return
        }
        let message = diagnostics.map(\.message).joined(separator: "\n")
        #expect(message.contains("the compiler crashed (signal 11)"), "\(message)")
        #expect(message.contains("fake frontend: stack dump") && !message.contains("the driver itself"))
    }
}
