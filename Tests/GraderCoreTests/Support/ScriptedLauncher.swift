import ExerciseKit
import Foundation
@testable import GraderCore

/// Stands in for the sandbox: each step's run comes from `answer`, and every launch is recorded,
/// so that the runners' decisions are tested without a process.
final class ScriptedLauncher: CaseLaunching, @unchecked Sendable {
    /// One case run as the launcher saw it.
    struct Launch {
        var testCase: TestCase
        var plan: LaunchPlan
        var bundle: AppBundle
    }

    private let lock = NSLock()
    private var recorded: [Launch] = []
    private var running = 0
    private(set) var mostAtOnce = 0
    let answer: @Sendable (TestCase, Int, LaunchPlan) -> StepRun
    let answeredBeforeKill: @Sendable (LaunchPlan) -> Double?
    let delay: Double

    init(delay: Double = 0, answeredBeforeKill: @escaping @Sendable (LaunchPlan) -> Double? = { _ in nil },
         answer: @escaping @Sendable (TestCase, Int, LaunchPlan) -> StepRun) {
        self.delay = delay
        self.answer = answer
        self.answeredBeforeKill = answeredBeforeKill
    }

    var launches: [Launch] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func run(_ testCase: TestCase, bundle: AppBundle, exercise: Exercise, plan: LaunchPlan,
             shouldStop: (Int, StepRun) -> Bool) throws -> CaseRun {
        lock.lock()
        recorded.append(Launch(testCase: testCase, plan: plan, bundle: bundle))
        running += 1
        mostAtOnce = max(mostAtOnce, running)
        lock.unlock()
        defer {
            lock.lock()
            running -= 1
            lock.unlock()
        }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        var runs: [StepRun] = []
        for index in testCase.steps.indices {
            let run = answer(testCase, index, plan)
            runs.append(run)
            if shouldStop(index, run) { break }
        }
        return CaseRun(steps: runs, container: [], answeredBeforeKill: answeredBeforeKill(plan))
    }

    static func value(_ value: JSONValue, duration: Double = 0.001) -> StepRun {
        StepRun(event: .replied(.value(value)), stdout: "", stderr: "", duration: duration)
    }
}

/// Cases, exercises and bundles for runner tests: nothing on disk is read.
enum RunnerFixtures {
    static let bundle = AppBundle(directory: URL(fileURLWithPath: "/nonexistent/App.app"), key: "learner")
    static let referenceBundle = AppBundle(directory: URL(fileURLWithPath: "/nonexistent/Reference.app"), key: "reference")
    /// An exercise with no files: the runners read only its limits and suites.
    static let exercise = Exercise(
        id: "01-lesson/01-exercise", slug: "01-exercise", lessonID: "01-lesson", title: "Exercise", summary: "", points: 10,
        hints: [], limits: .standard, defaultsSuites: [], cases: [], directory: URL(fileURLWithPath: "/course/Exercises/01-lesson/01-exercise"),
        displayPath: "Exercises/01-lesson/01-exercise", learnerFiles: ["Solution.swift"], mutants: [])

    static func call(_ operation: String, _ arguments: JSONValue? = nil, expect: Expectation = .reference) -> Step {
        .call(Call(operation: operation, arguments: arguments, expectation: expect, stdout: nil, options: .standard))
    }

    static func testCase(_ steps: [Step]) -> TestCase {
        TestCase(name: "case", index: 0, weight: 1, hidden: false, steps: steps)
    }
}
