import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// The generated-input runner's decisions, with a scripted launcher: which input is reported,
/// which inputs run at all, and how the failing one is shrunk.
final class GeneratedCaseRunnerTests {
    /// The reference results' cache of one test.
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runner-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A case `double $n`, compared with the reference, over `count` inputs from 0…100.
    private func spec(count: Int) -> (TestCase, InputSpec) {
        var testCase = RunnerFixtures.testCase([RunnerFixtures.call("double", .object(["n": .string("$n")]))])
        let spec = InputSpec(seed: 7, count: count, variables: [.init(name: "n", generator: .int(min: 0, max: 100))])
        testCase.inputs = spec
        return (testCase, spec)
    }

    /// An app that doubles `n`, as the reference does.
    private func doubling(delay: Double = 0) -> ScriptedLauncher {
        ScriptedLauncher(delay: delay) { testCase, _, _ in
            guard case .call(let call) = testCase.steps[0], case .int(let n)? = call.arguments?["n"] else {
                return ScriptedLauncher.value(.null)
            }
            return ScriptedLauncher.value(.int(n * 2))
        }
    }

    private func runner(_ learner: ScriptedLauncher, reference: ScriptedLauncher, shrinks: Bool, jobs: Int) throws
        -> GeneratedCaseRunner {
        GeneratedCaseRunner(
            attempt: CaseAttempt(launcher: learner),
            references: ReferenceRuns(launcher: reference, cache: JSONCache(directory: folder), graderIdentity: "test"),
            pool: WorkPool(jobs: jobs), shrinksFailures: shrinks)
    }

    @Test func theLowestFailingInputIsReportedAndLaterOnesAreSkipped() throws {
        let (testCase, spec) = spec(count: 40)
        let inputs = (0..<40).map { InputGenerator.input(spec, index: $0)["n"]! }
        // The learner is wrong for the 30th input's value and above it.
        guard case .int(let pivot) = inputs[29] else { Issue.record("an int"); return }
        let wrongValues = Set(inputs.compactMap { if case .int(let v) = $0, v >= pivot { return v } else { return nil } })
        let firstWrong = try #require(inputs.firstIndex { if case .int(let v) = $0 { return wrongValues.contains(v) } else { return false } })
        let learner = ScriptedLauncher(delay: 0.002) { testCase, _, _ in
            guard case .call(let call) = testCase.steps[0], case .int(let n)? = call.arguments?["n"] else { return ScriptedLauncher.value(.null) }
            return ScriptedLauncher.value(.int(n >= pivot ? n * 2 + 1 : n * 2))
        }
        let reference = doubling()
        let (failure, variation) = try runner(learner, reference: reference, shrinks: false, jobs: 4)
            .run(testCase, spec: spec, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle,
                 referenceBundle: RunnerFixtures.referenceBundle)
        #expect(failure?.kind == .wrongValue)
        #expect(variation?.run == "input \(firstWrong + 1) of 40")
        #expect(variation?.input == .object(["n": inputs[firstWrong]]))
        // Every input before the first failure ran; the learner never ran all 40 when one fails early.
        let ran = Set(learner.launches.compactMap { launch -> JSONValue? in
            guard case .call(let call) = launch.testCase.steps[0] else { return nil }
            return call.arguments?["n"]
        })
        for index in 0..<firstWrong { #expect(ran.contains(inputs[index])) }
    }

    /// Once the job has shown enough (``CaseAttempt/abandoned``), no more inputs start; an
    /// exploration's sequences stop the same way.
    @Test func anAbandonedCaseStartsNoMoreInputsNorSequences() throws {
        let (testCase, spec) = spec(count: 40)
        let learner = doubling()
        var attempt = CaseAttempt(launcher: learner)
        attempt.abandoned = { learner.launches.count >= 4 }
        let references = ReferenceRuns(launcher: doubling(), cache: JSONCache(directory: folder), graderIdentity: "test")
        let (failure, _) = GeneratedCaseRunner(attempt: attempt, references: references, pool: WorkPool(jobs: 1), shrinksFailures: false)
            .run(testCase, spec: spec, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle,
                 referenceBundle: RunnerFixtures.referenceBundle)
        #expect(failure == nil)
        #expect(learner.launches.count == 4, "one worker: the inputs before the job had shown enough")

        let operation = ExplorationSpec.Operation(name: "double", arguments: [InputSpec.Variable(name: "n", generator: .int(min: 0, max: 9))],
                                                  weight: 1, errorDetails: false, unordered: false)
        let exploration = ExplorationSpec(seed: 3, sequences: 40, length: 2, operations: [operation], relaunch: 0, kill: 0, container: [])
        var explored = RunnerFixtures.testCase([])
        explored.exploration = exploration
        let explorer = doubling()
        var explorerAttempt = CaseAttempt(launcher: explorer)
        explorerAttempt.abandoned = { explorer.launches.count >= 5 }
        let (explorationFailure, _) = ExplorationRunner(attempt: explorerAttempt, references: references, pool: WorkPool(jobs: 1),
                                                        shrinksFailures: false, sequences: 40, only: nil)
            .run(explored, spec: exploration, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle,
                 referenceBundle: RunnerFixtures.referenceBundle)
        #expect(explorationFailure == nil)
        #expect(explorer.launches.count == 5, "one launch per sequence, until the job had shown enough")
    }

    @Test func inputsRunAtOnceOnThePool() throws {
        let (testCase, spec) = spec(count: 16)
        let learner = doubling(delay: 0.02)
        let (failure, _) = try runner(learner, reference: doubling(), shrinks: true, jobs: 4)
            .run(testCase, spec: spec, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle,
                 referenceBundle: RunnerFixtures.referenceBundle)
        #expect(failure == nil)
        #expect(learner.launches.count == 16)
        #expect(learner.mostAtOnce > 1, "inputs of one case should run in parallel")
        #expect(learner.mostAtOnce <= 4)
    }

    @Test func aFailingInputIsShrunkTowardsTheSimplest() throws {
        let (testCase, spec) = spec(count: 20)
        // Wrong for every n ≥ 10: the simplest failing input is 10.
        let learner = ScriptedLauncher { testCase, _, _ in
            guard case .call(let call) = testCase.steps[0], case .int(let n)? = call.arguments?["n"] else { return ScriptedLauncher.value(.null) }
            return ScriptedLauncher.value(.int(n >= 10 ? -1 : n * 2))
        }
        let (failure, variation) = try runner(learner, reference: doubling(), shrinks: true, jobs: 2)
            .run(testCase, spec: spec, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle,
                 referenceBundle: RunnerFixtures.referenceBundle)
        #expect(failure?.kind == .wrongValue)
        #expect(variation?.input == .object(["n": .int(10)]))
        #expect(variation?.detail?.hasPrefix("shrunk in") == true)
    }

    @Test func theReferenceRunsOncePerInputAndIsCached() throws {
        let (testCase, spec) = spec(count: 10)
        let reference = doubling()
        let references = ReferenceRuns(launcher: reference, cache: JSONCache(directory: folder), graderIdentity: "test")
        for _ in 0..<2 {
            let runner = GeneratedCaseRunner(attempt: CaseAttempt(launcher: doubling()), references: references,
                                             pool: WorkPool(jobs: 3), shrinksFailures: true)
            _ = runner.run(testCase, spec: spec, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle,
                           referenceBundle: RunnerFixtures.referenceBundle)
        }
        // Once per distinct input (two of the ten may draw the same number).
        let distinct = Set((0..<10).map { InputGenerator.input(spec, index: $0) }).count
        #expect(reference.launches.count == distinct)
        // A new grader (a new process) finds them on disk.
        let fresh = ReferenceRuns(launcher: reference, cache: JSONCache(directory: folder), graderIdentity: "test")
        let instance = CaseInstance.instantiate(testCase, input: InputGenerator.input(spec, index: 3))
        _ = fresh.run(RunnerFixtures.exercise, RunnerFixtures.referenceBundle, instance)
        #expect(reference.launches.count == distinct)
    }
}
