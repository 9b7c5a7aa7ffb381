import Foundation

/// The hashing seeds of a case run's launches, one after another (ExerciseKit's `HashingSeed`
/// sets it in the app): the order of every `Set` and `Dictionary` the app builds comes from it.
///
/// Made from the exercise, the case (its name, its steps, where a kill lands) and the launch's
/// place in the run, never from the clock: each launch of a case meets another order, as a
/// relaunch on a phone does, and the same file meets the same orders on every run, forked or
/// exec'd, so a bug that depends on an order gets the same verdict every time. The reference's
/// run of a case meets the same orders as the learner's.
struct LaunchSeeds {
    private let base: String
    private var launches = 0

    init(exercise: Exercise, testCase: TestCase, plan: LaunchPlan) {
        base = JSONCache<CaseRun>.key("launch-seeds-v1", [exercise.id, testCase.name, testCase.steps, plan.killAfter, plan.killAtChange])
    }

    /// The next launch's seed: 16 bytes.
    mutating func next() -> [UInt8] {
        launches += 1
        let digest = Array(SHA256.hex(of: Data("\(base) \(launches)".utf8)).utf8.prefix(32))
        return stride(from: 0, to: 32, by: 2).map { UInt8(String(decoding: digest[$0..<$0 + 2], as: UTF8.self), radix: 16) ?? 0 }
    }
}
