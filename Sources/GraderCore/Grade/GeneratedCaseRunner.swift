import ExerciseKit
import Foundation

/// Runs a randomized case: every generated input through the learner's code and the reference,
/// each input a work item of its own on the pool; then shrinks the first failing input.
struct GeneratedCaseRunner: Sendable {
    /// Tries at most this many simpler inputs when shrinking a failing one.
    static let shrinkBudget = 100

    let attempt: CaseAttempt
    let references: ReferenceRuns
    let pool: WorkPool
    let shrinksFailures: Bool

    func run(_ testCase: TestCase, spec: InputSpec, exercise: Exercise, bundle: AppBundle,
             referenceBundle: AppBundle?) -> (StepFailure?, CaseVariation?) {
        let needsReference = testCase.needsReference
        func failure(for input: [String: JSONValue]) -> StepFailure? {
            let instance = CaseInstance.instantiate(testCase, input: input)
            var reference: CaseRun?
            if needsReference {
                guard let referenceBundle else { return CaseAttempt.referenceFailure(nil) }
                switch references.run(exercise, referenceBundle, instance) {
                case .success(let run): reference = run
                case .failure(let error): return CaseAttempt.referenceFailure(.failure(error))
                }
            }
            return attempt.run(instance, exercise: exercise, bundle: bundle, reference: reference).failure
        }
        // Every input runs at once on the pool. The verdict is the lowest failing input, as when
        // they ran in order: once input k fails, inputs after k are skipped, never those before.
        let lowestFailure = LowestIndex()
        let failures = pool.map(Array(0..<spec.count)) { index -> StepFailure? in
            guard index < lowestFailure.value, !attempt.isAbandoned else { return nil }
            let found = failure(for: InputGenerator.input(spec, index: index))
            if found != nil { lowestFailure.lower(to: index) }
            return found
        }
        guard let index = failures.firstIndex(where: { $0 != nil }), let first = failures[index] else { return (nil, nil) }
        let input = InputGenerator.input(spec, index: index)
        let run = "input \(index + 1) of \(spec.count)"
        if first.kind.isNotTheLearners || !shrinksFailures {
            return (first, CaseVariation(seed: spec.seed, run: run, input: .object(input)))
        }
        // Only failures of the same kind count while shrinking, so that a simpler input that
        // merely times out never replaces the real bug. Each try depends on the last: in order.
        var smallestFailure = first
        let shrunk = InputGenerator.shrink(input, spec: spec, budget: Self.shrinkBudget) { candidate in
            guard let found = failure(for: candidate), found.kind == first.kind else { return false }
            smallestFailure = found
            return true
        }
        return (smallestFailure, CaseVariation(
            seed: spec.seed, run: run, input: .object(shrunk.input),
            originalInput: shrunk.steps > 0 ? .object(input) : nil,
            detail: shrunk.steps > 0 ? "shrunk in \(shrunk.steps) step\(shrunk.steps == 1 ? "" : "s")" : nil))
    }
}

/// The lowest index found so far, shared by concurrent work items.
final class LowestIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Int.max

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func lower(to index: Int) {
        lock.lock()
        current = min(current, index)
        lock.unlock()
    }
}
