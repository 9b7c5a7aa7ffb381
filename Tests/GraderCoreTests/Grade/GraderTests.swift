import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// The grader's scheduling and caching, with a stand-in builder and launcher: what is built and
/// run, how often, and what is reused.
struct GraderTests {
    /// Builds anything; fails on sources whose path contains "broken". Every call is recorded.
    final class RecordingBuilder: ExerciseBuilding, @unchecked Sendable {
        private let lock = NSLock()
        private(set) var builds: [[String]] = []

        func build(exercise: Exercise, sources: [URL], resources: BundleResources) throws -> BuildOutcome {
            let paths = sources.map(\.path)
            lock.lock()
            builds.append(paths)
            lock.unlock()
            if paths.contains(where: { $0.contains("broken") }) {
                return .failed([Diagnostic(file: "Solution.swift", line: 1, column: 1, severity: .error, message: "broken")])
            }
            return .built(AppBundle(directory: URL(fileURLWithPath: "/nonexistent"), key: paths.joined(separator: ",")))
        }

        func build(exercise: Exercise, schema: URL, number: Int, resources: BundleResources) throws -> BuildOutcome {
            try build(exercise: exercise, sources: [schema.appendingPathExtension("\(number)")], resources: resources)
        }
    }

    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grader-tests-\(UUID().uuidString)")

    private func exercise(learnerFile: String = "Solution.swift", crash: Bool = false) -> Exercise {
        var exercise = RunnerFixtures.exercise
        exercise.learnerFiles = [learnerFile]
        var compared = RunnerFixtures.testCase([RunnerFixtures.call("value")])
        compared.name = "compared"
        var literal = RunnerFixtures.testCase([RunnerFixtures.call("value", expect: .value(.int(1)))])
        literal.name = "literal"
        literal.index = 1
        exercise.cases = [compared, literal]
        if crash {
            var killed = RunnerFixtures.testCase([
                .killDuring(Call(operation: "save", arguments: nil, expectation: .reference, stdout: nil, options: .standard)),
                .relaunch, RunnerFixtures.call("value", expect: .value(.int(1))),
            ])
            killed.name = "killed"
            killed.index = 2
            killed.crash = CrashPlan(repetitions: 4, seed: 1)
            exercise.cases.append(killed)
        }
        exercise.mutants = [Mutant(name: "wrong", form: .file(URL(fileURLWithPath: "/course/mutants/wrong.swift")))]
        return exercise
    }

    /// Every call answers 1, except in the mutant, which answers 2.
    private func launcher() -> ScriptedLauncher {
        ScriptedLauncher { testCase, index, plan in
            if case .killDuring = testCase.steps[index] { return StepRun(event: plan.killAfter == nil ? .replied(.value(.null)) : .killed, stdout: "", stderr: "", duration: 0.01) }
            if case .relaunch = testCase.steps[index] { return StepRun(event: .relaunched, stdout: "", stderr: "", duration: 0) }
            return ScriptedLauncher.value(.int(1))
        }
    }

    private func grader(_ builder: RecordingBuilder, _ launcher: ScriptedLauncher, _ options: GraderOptions) -> Grader {
        Grader(builder: builder, launcher: launcher, workDirectory: folder, scratchDirectory: folder.appendingPathComponent("scratch"),
               graderIdentity: "test", options: options)
    }

    @Test func theReferenceIsBuiltAndRunOnceForEveryVariantComparedWithIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let builder = RecordingBuilder()
        let launcher = launcher()
        let exercise = exercise()
        let results = try grader(builder, launcher, .verify(jobs: 4)).grade([
            Grader.Job(exercise: exercise, variant: .reference),
            Grader.Job(exercise: exercise, variant: .learner),
            Grader.Job(exercise: exercise, variant: .mutant("wrong")),
        ])
        #expect(results.map(\.status) == [.passed, .passed, .passed])
        #expect(builder.builds.count == 3, "learner, mutant and reference, each once: \(builder.builds)")
        #expect(builder.builds.filter { $0.contains { $0.contains("/Reference/") } }.count == 1)
        // The compared case's reference run is made once and shared; each job runs both cases.
        let referenceKey = "/course/Exercises/01-lesson/01-exercise/Reference/Solution.swift"
        let referenceRuns = launcher.launches.filter { $0.bundle.key == referenceKey }
        #expect(referenceRuns.count == 1 + 2, "one shared reference run for the compared case, plus the reference job's own two cases")
        #expect(launcher.launches.count == 3 + 2 + 2)
    }

    @Test func aLearnerThatDoesNotCompileNeedsNoReference() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let builder = RecordingBuilder()
        let launcher = launcher()
        let result = try grader(builder, launcher, .check(jobs: 2)).grade([exercise(learnerFile: "broken.swift")])[0]
        #expect(result.status == .compileError)
        #expect(result.score == 0)
        #expect(builder.builds.count == 1)
        #expect(launcher.launches.isEmpty)
    }

    @Test func unchangedVerdictsAreReusedCrashCasesIncludedUnlessTheCacheIsOff() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let builder = RecordingBuilder()
        let exercise = exercise(crash: true)
        let first = launcher()
        let graded = try grader(builder, first, .check(jobs: 2)).grade([exercise])[0]
        #expect(graded.status == .passed)
        #expect(graded.cases.map(\.cached) == [false, false, false])
        #expect(first.launches.filter { $0.testCase.name == "killed" }.count == 1 + 4)

        let second = launcher()
        let reused = try grader(builder, second, .check(jobs: 2)).grade([exercise])[0]
        #expect(reused.cases.map(\.cached) == [true, true, true])
        #expect(second.launches.allSatisfy { $0.bundle.key.contains("/Reference/") } , "only the cached reference run may be looked up")
        #expect(second.launches.isEmpty, "the reference run comes from its disk cache too")

        let third = launcher()
        let rerun = try grader(builder, third, .check(jobs: 2, noCache: true)).grade([exercise])[0]
        #expect(rerun.cases.map(\.cached) == [false, false, false])
        #expect(third.launches.filter { $0.testCase.name == "killed" }.count == 1 + 4)
    }

    /// What the progress closure saw: each call's job and result, and whether two calls overlapped.
    final class Told: @unchecked Sendable {
        private let lock = NSLock()
        private var inside = 0
        private(set) var overlapped = false
        private(set) var calls: [(job: Int, result: ExerciseResult)] = []

        func record(_ job: Int, _ result: ExerciseResult) {
            lock.lock()
            inside += 1
            overlapped = overlapped || inside > 1
            lock.unlock()
            Thread.sleep(forTimeInterval: 0.01)  // a caller drawing on a terminal
            lock.lock()
            calls.append((job, result))
            inside -= 1
            lock.unlock()
        }
    }

    @Test func eachJobIsToldOnceAsSoonAsItsResultIsKnownOneCallAtATime() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let exercise = exercise(crash: true)
        let jobs = [Grader.Job(exercise: exercise, variant: .reference), Grader.Job(exercise: exercise, variant: .learner),
                    Grader.Job(exercise: exercise, variant: .mutant("wrong")),
                    Grader.Job(exercise: self.exercise(learnerFile: "broken.swift"), variant: .learner)]
        let told = Told()
        let results = try grader(RecordingBuilder(), launcher(), .verify(jobs: 4)).grade(jobs) { told.record($0, $1) }
        #expect(!told.overlapped, "calls come one at a time")
        #expect(told.calls.map(\.job).sorted() == [0, 1, 2, 3], "every job once")
        #expect(told.calls.first?.job == 3, "the job that does not compile is known first, before any case runs")
        for (job, result) in told.calls {
            #expect(result.status == results[job].status && result.cases.map(\.status) == results[job].cases.map(\.status)
                    && result.cases.map(\.name) == results[job].cases.map(\.name), "job \(job)")
        }
    }

    /// A mutant with four literal cases, every one of which it fails (it answers 2, not 1).
    private func mutantCaughtEverywhere() -> (Exercise, ScriptedLauncher) {
        var exercise = exercise()
        exercise.cases = ["a", "b", "c", "d"].enumerated().map { index, name in
            var testCase = RunnerFixtures.testCase([RunnerFixtures.call("value", expect: .value(.int(1)))])
            testCase.name = name
            testCase.index = index
            return testCase
        }
        let launcher = ScriptedLauncher { _, _, _ in ScriptedLauncher.value(.int(2)) }
        return (exercise, launcher)
    }

    @Test func aMutantStopsOnceItFailedOneCaseOfEachOfItsRequirementsThoseRunFirst() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (exercise, launcher) = mutantCaughtEverywhere()
        // One worker, so the order is the order cases start in.
        let result = try grader(RecordingBuilder(), launcher, .verify(jobs: 1)).grade([
            Grader.Job(exercise: exercise, variant: .mutant("wrong"), stopRule: StopRule(groups: [["c"], ["d", "b"]])),
        ])[0]
        #expect(launcher.launches.map(\.testCase.name) == ["b", "c"], "the groups' cases first, in the exercise's order, until each group has a failure")
        #expect(result.status == .failed)
        #expect(result.cases.map(\.name) == ["a", "b", "c", "d"], "every case is in the result")
        #expect(result.cases.map { $0.failure != nil } == [false, true, true, false], "only the cases run carry a failure")
        #expect(result.cases.allSatisfy { $0.status == .failed }, "a case not run earns nothing")
    }

    @Test func aMutantComparedWithWaysOfFailingStopsOnceItIsUnlikeEachOfThem() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (exercise, everyCase) = mutantCaughtEverywhere()
        let whole = try grader(RecordingBuilder(), everyCase, .verify(jobs: 1)).grade([Grader.Job(exercise: exercise, variant: .mutant("wrong"))])[0]
        let shape = FailureShape(try #require(whole.cases[0].failure), of: exercise.cases[0])
        // One way fails "a" otherwise (a crash): unlike at "a". The other fails "a" and "b" as the
        // mutant does and passes "c": unlike once "c" has failed.
        let (_, launcher) = mutantCaughtEverywhere()
        let result = try grader(RecordingBuilder(), launcher, .verify(jobs: 1)).grade([
            Grader.Job(exercise: exercise, variant: .mutant("wrong"),
                       stopRule: StopRule(unlike: [[0: FailureShape(kind: .crashed, step: 0)], [0: shape, 1: shape]])),
        ])[0]
        #expect(launcher.launches.map(\.testCase.name) == ["a", "b", "c"], "stopped once unlike both")
        #expect(result.cases.map { $0.failure != nil } == [true, true, true, false])
        // A way of failing it may still turn out to be keeps every case running, "d" included.
        let (_, alike) = mutantCaughtEverywhere()
        _ = try grader(RecordingBuilder(), alike, .verify(jobs: 1)).grade([
            Grader.Job(exercise: exercise, variant: .mutant("wrong"),
                       stopRule: StopRule(unlike: [[0: FailureShape(kind: .crashed, step: 0)], [0: shape, 1: shape, 2: shape, 3: shape]])),
        ])
        #expect(alike.launches.map(\.testCase.name) == ["a", "b", "c", "d"])
        // A pass is an outcome too: a way that fails "a" is unlike a mutant that passes it.
        let passesA = ScriptedLauncher { testCase, _, _ in ScriptedLauncher.value(.int(testCase.name == "a" ? 1 : 2)) }
        _ = try grader(RecordingBuilder(), passesA, .verify(jobs: 1)).grade([
            Grader.Job(exercise: exercise, variant: .mutant("wrong"), stopRule: StopRule(unlike: [[0: shape, 1: shape]])),
        ])
        #expect(passesA.launches.map(\.testCase.name) == ["a"], "stopped once \"a\" passed")
        // With no way to be like, nothing runs.
        let (_, none) = mutantCaughtEverywhere()
        _ = try grader(RecordingBuilder(), none, .verify(jobs: 1)).grade([
            Grader.Job(exercise: exercise, variant: .mutant("wrong"), stopRule: StopRule(unlike: [])),
        ])
        #expect(none.launches.isEmpty)
    }

    @Test func casesARuleNamesFirstStartBeforeItsGroupsAndDoNotStopTheJob() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (exercise, launcher) = mutantCaughtEverywhere()
        _ = try grader(RecordingBuilder(), launcher, .verify(jobs: 1)).grade([
            Grader.Job(exercise: exercise, variant: .mutant("wrong"), stopRule: StopRule(groups: [["c"]], first: ["d", "a"])),
        ])
        #expect(launcher.launches.map(\.testCase.name) == ["d", "a", "c"], "the named cases in their order, then the group's, until the group has a failure")
    }

    @Test func mutantsOfOneExerciseTakeTurnsAndOtherJobsRunJobAfterJob() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var exercise = exercise()
        exercise.cases = ["a", "b", "c"].enumerated().map { index, name in
            var testCase = RunnerFixtures.testCase([RunnerFixtures.call("value", expect: .value(.int(1)))])
            testCase.name = name
            testCase.index = index
            return testCase
        }
        // Every mutant passes "a" and fails "b": its second case decides.
        let launcher = ScriptedLauncher { testCase, _, _ in ScriptedLauncher.value(.int(testCase.name == "a" ? 1 : 2)) }
        exercise.mutants = ["one", "two", "three"].map { Mutant(name: $0, form: .file(URL(fileURLWithPath: "/course/mutants/\($0).swift"))) }
        var other = exercise
        other.id = "other"
        let rule = StopRule(groups: [])
        _ = try grader(RecordingBuilder(), launcher, .verify(jobs: 1)).grade([
            Grader.Job(exercise: exercise, variant: .reference),
            Grader.Job(exercise: exercise, variant: .mutant("one"), stopRule: rule),
            Grader.Job(exercise: exercise, variant: .mutant("two"), stopRule: rule),
            Grader.Job(exercise: other, variant: .mutant("three"), stopRule: rule),
        ])
        let started = launcher.launches.map { launch in
            let mutant = ["one", "two", "three"].first { launch.bundle.key.hasSuffix("/\($0).swift") }
            return "\(mutant ?? "reference").\(launch.testCase.name)"
        }
        #expect(started == ["reference.a", "reference.b", "reference.c", "one.a", "two.a", "one.b", "two.b", "three.a", "three.b"],
                "the reference's cases in order, then each mutant's first case before any mutant's second, exercise by exercise")
    }

    @Test func turnsAreTakenInRanksWithinANeighbouringGroup() {
        let queued: [(job: Int, cases: [String], bundle: Int)] = [(0, ["r1", "r2"], 0), (1, ["a1", "a2"], 1), (2, ["b1", "b2", "b3"], 2),
                                                                  (3, ["s1"], 3), (4, ["c1", "c2"], 4), (5, ["d1"], 5)]
        let exercises = ["x", "x", "x", "x", "x", "y"]
        let ruled: Set<Int> = [1, 2, 4, 5]
        let order = Grader.takingTurns(queued) { ruled.contains($0) ? exercises[$0] : nil }.map(\.testCase)
        #expect(order == ["r1", "r2", "a1", "b1", "a2", "b2", "b3", "s1", "c1", "c2", "d1"],
                "jobs without a rule keep their place and end a group; another exercise starts a new one")
    }

    /// A case of 30 generated inputs before a plain case in the exercise; the mutant passes the
    /// generated one and fails the plain one (a call that takes `plainDelay` seconds).
    private func costlyCaseFirst(plainDelay: Double, inputDelay: Double) -> (Exercise, ScriptedLauncher) {
        var exercise = exercise()
        var generated = RunnerFixtures.testCase([RunnerFixtures.call("value", .object(["n": .string("$n")]), expect: .value(.int(1)))])
        generated.name = "generated"
        generated.inputs = InputSpec(seed: 3, count: 30, variables: [.init(name: "n", generator: .int(min: 0, max: 9))])
        var plain = RunnerFixtures.testCase([RunnerFixtures.call("value", expect: .value(.int(1)))])
        plain.name = "plain"
        plain.index = 1
        exercise.cases = [generated, plain]
        let launcher = ScriptedLauncher { testCase, _, _ in
            Thread.sleep(forTimeInterval: testCase.name == "plain" ? plainDelay : inputDelay)
            return ScriptedLauncher.value(.int(testCase.name == "plain" ? 2 : 1))
        }
        return (exercise, launcher)
    }

    @Test func aJobWithARuleRunsItsPlainCasesBeforeItsCostlyOnes() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (exercise, launcher) = costlyCaseFirst(plainDelay: 0, inputDelay: 0)
        let result = try grader(RecordingBuilder(), launcher, .verify(jobs: 1)).grade([
            Grader.Job(exercise: exercise, variant: .mutant("wrong"), stopRule: StopRule(groups: [["generated", "plain"]])),
        ])[0]
        #expect(launcher.launches.map(\.testCase.name) == ["plain"], "the plain case first; then the job has shown enough")
        #expect(result.cases.map { $0.failure != nil } == [false, true])
        // Without a rule, every input of the generated case runs, in the exercise's order.
        let (_, everyCase) = costlyCaseFirst(plainDelay: 0, inputDelay: 0)
        _ = try grader(RecordingBuilder(), everyCase, .verify(jobs: 1)).grade([Grader.Job(exercise: exercise, variant: .mutant("wrong"))])
        #expect(everyCase.launches.count == 31)
        #expect(everyCase.launches.first?.testCase.name == "generated")
    }

    @Test func aCostlyCaseRunningWhenItsJobHasShownEnoughStopsAndIsNotRun() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two workers: one runs the slow plain case, the other starts the generated inputs (0.1 s
        // each, 3 s in all); once the plain case has failed, no more inputs start.
        let (exercise, launcher) = costlyCaseFirst(plainDelay: 0.3, inputDelay: 0.1)
        let result = try grader(RecordingBuilder(), launcher, .verify(jobs: 2)).grade([
            Grader.Job(exercise: exercise, variant: .mutant("wrong"), stopRule: StopRule(groups: [["plain"]])),
        ])[0]
        let inputs = launcher.launches.filter { $0.testCase.name == "generated" }.count
        #expect(inputs > 0 && inputs < 30, "the generated case started, and stopped part-way: \(inputs) inputs ran")
        #expect(result.cases[0].status == .failed && result.cases[0].failure == nil && result.cases[0].duration == 0,
                "a case stopped part-way has no verdict: not run")
        #expect(result.cases[1].failure != nil)
    }

    @Test func withoutARuleVerifyRunsEveryCaseAndTheMutationRuleStopsAtTheFirstFailure() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (exercise, everyCase) = mutantCaughtEverywhere()
        _ = try grader(RecordingBuilder(), everyCase, .verify(jobs: 1)).grade([Grader.Job(exercise: exercise, variant: .mutant("wrong"))])
        #expect(everyCase.launches.map(\.testCase.name) == ["a", "b", "c", "d"])
        let (_, firstFailure) = mutantCaughtEverywhere()
        _ = try grader(RecordingBuilder(), firstFailure, .mutation(jobs: 1)).grade([Grader.Job(exercise: exercise, variant: .mutant("wrong"))])
        #expect(firstFailure.launches.map(\.testCase.name) == ["a"])
        // A group no case of which fails does not stop the job.
        let (_, unmet) = mutantCaughtEverywhere()
        _ = try grader(RecordingBuilder(), unmet, .verify(jobs: 1)).grade([
            Grader.Job(exercise: exercise, variant: .mutant("wrong"), stopRule: StopRule(groups: [["no such case"]])),
        ])
        #expect(unmet.launches.map(\.testCase.name) == ["a", "b", "c", "d"])
    }
}
