import ExerciseKit
import Foundation

/// Runs an exercise's exploration: each sequence a concrete case, a work item of its own, run on
/// the learner's code and compared step by step with the reference's run of the same sequence
/// (cached like every reference run); then shrinks the first failing sequence to fewer steps and
/// simpler arguments, and reports it as a case an author can paste into `exercise.yml`.
struct ExplorationRunner: Sendable {
    /// Tries at most this many smaller sequences when shrinking a failing one.
    static let shrinkBudget = 120

    let attempt: CaseAttempt
    let references: ReferenceRuns
    let pool: WorkPool
    let shrinksFailures: Bool
    /// How many sequences to try, and, when replaying, the only one to run (1-based).
    let sequences: Int
    let only: Int?

    /// The concrete case made of `steps`, in the exploration's environment.
    static func instance(of exploration: TestCase, spec: ExplorationSpec, steps: [Step]) -> TestCase {
        var instance = exploration
        instance.exploration = nil
        instance.steps = steps
        instance.container = spec.container.map { assertion in
            var assertion = assertion
            assertion.absentLikeReference = true
            return assertion
        }
        return instance
    }

    func run(_ exploration: TestCase, spec: ExplorationSpec, exercise: Exercise, bundle: AppBundle,
             referenceBundle: AppBundle?) -> (StepFailure?, CaseVariation?) {
        guard let referenceBundle else { return (CaseAttempt.referenceFailure(nil), nil) }
        func failure(of instance: TestCase) -> StepFailure? {
            switch references.run(exercise, referenceBundle, instance) {
            case .success(let reference):
                return attempt.run(instance, exercise: exercise, bundle: bundle, reference: reference).failure
            case .failure(let error):
                return CaseAttempt.referenceFailure(.failure(error))
            }
        }
        let indices = only.map { [$0 - 1] } ?? Array(0..<sequences)
        // The verdict is the lowest failing sequence, as if they ran in order.
        let lowestFailure = LowestIndex()
        let failures = pool.map(indices) { index -> StepFailure? in
            guard index < lowestFailure.value, !attempt.isAbandoned else { return nil }
            let instance = Self.instance(of: exploration, spec: spec, steps: SequenceGenerator.steps(spec, index: index))
            let found = failure(of: instance)
            if found != nil { lowestFailure.lower(to: index) }
            return found
        }
        guard let position = failures.firstIndex(where: { $0 != nil }), let first = failures[position] else { return (nil, nil) }
        let index = indices[position]
        let original = SequenceGenerator.steps(spec, index: index)
        let run = "sequence \(index + 1) of \(sequences)"
        let variation = { (steps: [Step], detail: String?) in
            CaseVariation(seed: spec.seed, run: run, detail: detail,
                          sequence: Self.yaml(steps, name: "found by exploration (seed \(spec.seed), sequence \(index + 1))"))
        }
        if first.kind.isNotTheLearners || !shrinksFailures {
            return (first, variation(Self.upToFailure(original, first), nil))
        }
        // Only failures of the same kind count while shrinking, so that a smaller sequence that
        // merely times out never replaces the real difference. Each try depends on the last.
        var smallest = (steps: Self.upToFailure(original, first), failure: first)
        var tries = 0
        func stillFails(_ steps: [Step]) -> Bool {
            guard tries < Self.shrinkBudget, steps.contains(where: \.isCall) else { return false }
            tries += 1
            let instance = Self.instance(of: exploration, spec: spec, steps: steps)
            guard let found = failure(of: instance), found.kind == first.kind else { return false }
            smallest = (Self.upToFailure(steps, found), found)
            return true
        }
        // Fewer steps: drop one at a time, from the first, while the sequence still fails.
        var removed = true
        while removed && tries < Self.shrinkBudget {
            removed = false
            for position in smallest.steps.indices.reversed() where smallest.steps.count > 1 {
                var fewer = smallest.steps
                fewer.remove(at: position)
                if stillFails(fewer) { removed = true; break }
            }
        }
        // Simpler arguments, one at a time.
        var simplified = true
        while simplified && tries < Self.shrinkBudget {
            simplified = false
            search: for (position, step) in smallest.steps.enumerated() {
                guard case .call(let call) = step, let operation = spec.operations.first(where: { $0.name == call.operation }) else { continue }
                if let generator = operation.wholeArgumentGenerator, let value = call.arguments {
                    for candidate in InputGenerator.simpler(value, generator).prefix(4) {
                        var simpler = call
                        simpler.arguments = candidate
                        var steps = smallest.steps
                        steps[position] = .call(simpler)
                        if stillFails(steps) { simplified = true; break search }
                        if tries >= Self.shrinkBudget { break search }
                    }
                    continue
                }
                guard case .object(let members)? = call.arguments else { continue }
                for variable in operation.arguments {
                    guard let value = members[variable.name] else { continue }
                    for candidate in InputGenerator.simpler(value, variable.generator).prefix(4) {
                        var simpler = call
                        var newMembers = members
                        newMembers[variable.name] = candidate
                        simpler.arguments = .object(newMembers)
                        var steps = smallest.steps
                        steps[position] = .call(simpler)
                        if stillFails(steps) { simplified = true; break search }
                        if tries >= Self.shrinkBudget { break search }
                    }
                }
            }
        }
        let calls = { (steps: [Step]) in steps.filter(\.isCall).count }
        let detail = smallest.steps.count < original.count
            ? "shrunk from \(calls(original)) calls to \(calls(smallest.steps)) in \(tries) tries" : nil
        return (smallest.failure, variation(smallest.steps, detail))
    }

    /// The steps up to and including the failing one; all of them when the failure is in a
    /// container check, which comes after the last step.
    static func upToFailure(_ steps: [Step], _ failure: StepFailure) -> [Step] {
        failure.stepIndex < steps.count ? Array(steps[...failure.stepIndex]) : steps
    }

    /// The sequence as a case of `exercise.yml`, compared with the reference at every call.
    static func yaml(_ steps: [Step], name: String) -> String {
        var lines = ["- name: \(JSONValue.string(name).jsonText)", "  steps:"]
        for step in steps {
            switch step {
            case .call(let call):
                lines.append("    - call: \(call.operation)")
                if let arguments = call.arguments { lines.append("      args: \(arguments.jsonText)") }
                if call.options.unordered { lines.append("      unordered: true") }
                if call.options.errorDetails { lines.append("      error_details: true") }
            case .relaunch: lines.append("    - relaunch")
            case .kill: lines.append("    - kill")
            case .killDuring(let call): lines.append("    - kill_during: \(call.operation)")
            case .update(let edits):
                // Explorations draw no updates; written for completeness.
                lines.append("    - update: {remove: \(JSONValue.array(edits.removed.map(JSONValue.string)).jsonText), write: \(JSONValue.object(edits.written.mapValues(JSONValue.string)).jsonText)}")
            }
        }
        return lines.joined(separator: "\n")
    }
}
