import Foundation
import Testing
@testable import GraderCore

/// A busy machine never fails correct work: the time a launch waits for a processor is read
/// from the kernel's scheduler statistics and not counted against its limits.
@Suite(.serialized)
struct ProcessorWaitTests {
    /// `count` endless loops that share processor 0 (`taskset`), killed when `body` returns.
    private func withBusyProcessor<T>(_ count: Int, _ body: () throws -> T) throws -> T {
        let loops = try (0..<count).map { _ in try start("/usr/bin/taskset", ["-c", "0", "/bin/sh", "-c", "while :; do :; done"]) }
        // SIGKILL: a shell started from the test runner may ignore SIGTERM, as the runner does.
        defer { for loop in loops { kill(loop.processIdentifier, SIGKILL); loop.waitUntilExit() } }
        return try body()
    }

    private func start(_ path: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.run()
        return process
    }

    @Test func aLoopThatSharesItsProcessorWaitsAndASleeperDoesNot() throws {
        try withBusyProcessor(4) {
            // A shell whose child loops on the busy processor: the wait is found below the shell.
            // Both live long after they are measured, however slow the machine is.
            let starved = try start("/usr/bin/taskset", ["-c", "0", "/bin/sh", "-c", "timeout 30 sh -c 'while :; do :; done'; true"])
            let sleeper = try start("/bin/sleep", ["30"])
            defer {
                for process in [starved, sleeper] {
                    for pid in ProcessorWait.tree(below: process.processIdentifier).reversed() { kill(pid, SIGKILL) }
                    process.waitUntilExit()
                }
            }
            Thread.sleep(forTimeInterval: 1)
            #expect(ProcessorWait.tree(below: starved.processIdentifier).count >= 2, "the shell and its child")
            let starvedWait = try #require(ProcessorWait.measure(below: starved.processIdentifier)?.longestWait)
            let sleeperWait = try #require(ProcessorWait.measure(below: sleeper.processIdentifier)?.longestWait)
            // One of five loops on one processor: it waited for most of its second.
            #expect(starvedWait > 0.3, "waited \(starvedWait) s")
            #expect(sleeperWait < 0.05, "waited \(sleeperWait) s")
        }
    }

    @Test func loopsOfItsOwnThatKeepEachOtherWaitingAreExcusedLessThanALoopWaitingForOthers() throws {
        // Five loops on processor 0: four of one shell, which keep each other waiting, and one
        // alone in its tree, which waits for them. Whatever else the machine runs on processor 0
        // (the rest of the test suite) slows all five alike.
        let own = try start("/usr/bin/taskset", ["-c", "0", "/bin/sh", "-c",
                                                  "for i in 1 2 3 4; do timeout 30 sh -c 'while :; do :; done' & done; wait"])
        let alone = try start("/usr/bin/taskset", ["-c", "0", "/bin/sh", "-c", "timeout 30 sh -c 'while :; do :; done'; true"])
        defer {
            for process in [own, alone] {
                for pid in ProcessorWait.tree(below: process.processIdentifier).reversed() { kill(pid, SIGKILL) }
                process.waitUntilExit()
            }
        }
        let started = Date()
        Thread.sleep(forTimeInterval: 3)
        let ownMeasure = try #require(ProcessorWait.measure(below: own.processIdentifier))
        let aloneMeasure = try #require(ProcessorWait.measure(below: alone.processIdentifier))
        let ran = Date().timeIntervalSince(started)
        // The four used about four times the processor of the one, and each waited about as long.
        #expect(ownMeasure.processorTime > 2 * aloneMeasure.processorTime, "\(ownMeasure), \(aloneMeasure)")
        #expect(ownMeasure.longestWait > 0.3, "\(ownMeasure)")
        // The one is excused all its wait; the four are excused less, by the processor time they
        // took from each other.
        #expect(aloneMeasure.excusable(after: ran) >= aloneMeasure.longestWait - 0.001, "\(aloneMeasure) after \(ran) s")
        #expect(ownMeasure.excusable(after: ran) < aloneMeasure.excusable(after: ran), "\(ownMeasure), \(aloneMeasure) after \(ran) s")
    }

    @Test func theExcusedWaitIsNeverMoreThanTheTimeWithoutAProcessor() {
        let waited = ProcessorWait.Measure(longestWait: 8, processorTime: 1)
        #expect(waited.excusable(after: 10) == 8)
        #expect(waited.excusable(after: 5) == 4)
        #expect(ProcessorWait.Measure(longestWait: 8, processorTime: 12).excusable(after: 10) == 0)
    }

    /// The counter fixture with `solution`, graded by the `grader` executable on processor 0
    /// alone while six endless loops share it. Without cgroups (`GRADER_CGROUPS=off`, as on a
    /// laptop without delegation or in a container): a launch's own cgroup would give it a
    /// processor's share of its own and undo the pinning, which is not what this test is about.
    private func gradeOnABusyMachine(_ solution: String, loops: Int = 6) throws -> (CaseResult?, CaseResult?) {
        let course = try TemporaryCourse.fixture()
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", solution)
        // Built first, on a quiet machine: only the launches run on the busy processor.
        _ = try GraderProcess.run(["check", "counter", "--format", "json"], in: course.root)
        let output = try withBusyProcessor(loops) { () throws -> GraderProcess.Output in
            let grader = Process()
            grader.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
            grader.arguments = ["-c", "0", GraderProcess.executable.path, "check", "counter", "--no-cache", "--format", "json", "--jobs", "1"]
            grader.currentDirectoryURL = course.root
            grader.environment = ProcessInfo.processInfo.environment.merging(["GRADER_CGROUPS": "off"]) { _, new in new }
            let (out, err) = (Pipe(), Pipe())
            grader.standardOutput = out
            grader.standardError = err
            try grader.run()
            return GraderProcess.finish(grader, out, err)
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        // A grader that printed no report says why on its standard error: show it.
        guard let report = try? decoder.decode(RunReport.self, from: Data(output.stdout.utf8)) else {
            Issue.record("the grader printed no report (exit status \(output.status)); its standard output: \(output.stdout.prefix(2000)); its standard error: \(output.stderr.suffix(4000))")
            return (nil, nil)
        }
        let cases = report.exercises.first?.cases ?? []
        return (cases.first { $0.name == "increments" }, cases.first { $0.name == "survives a relaunch" })
    }

    static let workThenEndlessLoop = """
        import Foundation
        enum CounterError: Error { case negative }
        enum Counter {
            static func value() -> Int { UserDefaults.standard.integer(forKey: "count") }
            static func increment(by step: Int) throws -> Int {
                guard step >= 0 else { throw CounterError.negative }
                if step == 3 {
                    // 1.5 s of the processor's time, however long the machine takes to give it.
                    let start = clock()
                    var x = 0
                    while clock() - start < CLOCKS_PER_SEC * 3 / 2 { x &+= 1 }
                    if x == -1 { print(x) }
                }
                if step == 5 { while true {} }
                let count = value() + step
                UserDefaults.standard.set(count, forKey: "count")
                return count
            }
            static func report() { print("count is \\(value())") }
        }
        """

    @Test func workWithinItsLimitPassesOnABusyMachineAndAnEndlessLoopStillFails() throws {
        // A seventh of a processor, or up to a half (below): 1.5 s of work takes from about 3 s
        // to about 10 s of the wall clock, up to three times the case's 3 s limit.
        let (work, endless) = try gradeOnABusyMachine(Self.workThenEndlessLoop)
        let increments = try #require(work)
        #expect(increments.status == .passed, "\(increments.failure?.message ?? "")")
        // The machine was busy for it: 1.5 s of work took at least a second more. (How much more
        // depends on the scheduler: each sandbox is a session of its own, and with the kernel's
        // autogroups a session gets a share of its own, up to half of processor 0 against the
        // loops' share, as seen once in CI: 2.8 s.)
        #expect(increments.duration > 2.5, "it waited for a processor: \(increments.duration) s")
        let loop = try #require(endless)
        #expect(loop.status == .failed)
        #expect(loop.failure?.kind == .timedOut)
        // The message is the same on every run; the wait, measured per run, is beside it and
        // shown to the student at the terminal, never in a batch's feedback.
        let failure = try #require(loop.failure)
        #expect(failure.message == "the app did not answer within 3 s (an endless loop, or waiting for something that never comes?)")
        let wait = try #require(failure.processorWait, "a busy machine's wait is kept")
        #expect(wait > 0)
        let shown = TerminalReport(style: TerminalStyle(colors: false)).render(loop).joined(separator: "\n")
        #expect(shown.contains("(not counting the \(StepJudge.formatSeconds(wait)) it waited for a processor on a busy machine)"), "\(shown)")
        var feedback = TerminalReport(style: TerminalStyle(colors: false))
        feedback.showsProcessorWait = false
        #expect(!feedback.render(loop).joined(separator: "\n").contains("waited for a processor"))
    }

    static let threadsThatKeepEachOtherWaiting = """
        import Foundation
        enum CounterError: Error { case negative }
        enum Counter {
            static func value() -> Int { UserDefaults.standard.integer(forKey: "count") }
            static func increment(by step: Int) throws -> Int {
                guard step >= 0 else { throw CounterError.negative }
                if step == 5 {
                    // Eight endless loops on the app's one processor: each waits for it most of the time.
                    for _ in 0..<8 { Thread.detachNewThread { var x = 0; while true { x &+= 1 } } }
                    while true {}
                }
                let count = value() + step
                UserDefaults.standard.set(count, forKey: "count")
                return count
            }
            static func report() { print("count is \\(value())") }
        }
        """

    @Test func threadsOfItsOwnThatKeepEachOtherWaitingAreNotExcusedTheirWait() throws {
        // Processor 0 alone, without loops of anyone else's: the app's nine loops share it, each
        // waiting eight ninths of the time. Were that wait excused, the launch would run on
        // until the kernel's CPU-time limit of its process ended it, a limit it is not out of.
        let (_, endless) = try gradeOnABusyMachine(Self.threadsThatKeepEachOtherWaiting, loops: 0)
        let loop = try #require(endless)
        #expect(loop.status == .failed)
        #expect(loop.failure?.kind == .timedOut, "\(loop.failure?.message ?? "")")
        // What others ran on processor 0 meanwhile (the grader, other tests) is excused; never
        // the app's own loops' wait, eight ninths of the time.
        #expect((loop.failure?.processorWait ?? 0) < 3, "excused \(loop.failure?.processorWait ?? 0) s")
    }
}
