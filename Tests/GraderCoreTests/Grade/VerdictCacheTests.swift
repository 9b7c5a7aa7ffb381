import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

struct VerdictCacheTests {
    private func result(_ failure: StepFailure?) -> CaseResult {
        CaseResult(name: "c", index: 0, hidden: false, weight: 1, status: failure == nil ? .passed : .failed,
                   failure: failure, duration: 0.5)
    }

    private func failure(_ kind: FailureKind, step: StepAction = .relaunch) -> StepFailure {
        StepFailure(kind: kind, stepIndex: 0, step: step, message: "m", stdout: "", stderr: "")
    }

    @Test func keepsWhatDependsOnTheCodeAloneAndMarksItCached() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verdicts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = VerdictCache(cache: JSONCache(directory: folder), graderIdentity: "g")
        var crash = RunnerFixtures.testCase([RunnerFixtures.call("save")])
        crash.crash = CrashPlan(repetitions: 20, seed: 3)
        let key = cache.key(crash, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle, referenceBundle: nil,
                            reference: nil, shrinksFailures: true)
        cache.store(result(nil), key: key)
        #expect(cache.load(key)?.cached == true, "a crash case's passing verdict is kept")
        // Another seed or another binary is another key.
        var reseeded = crash
        reseeded.crash = CrashPlan(repetitions: 20, seed: 4)
        #expect(cache.key(reseeded, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle, referenceBundle: nil,
                          reference: nil, shrinksFailures: true) != key)
        #expect(cache.key(crash, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.referenceBundle, referenceBundle: nil,
                          reference: nil, shrinksFailures: true) != key)

        for (index, kind) in [FailureKind.timedOut, .tooSlow, .outputLimit, .referenceFailed, .driverFault, .graderFault].enumerated() {
            cache.store(result(failure(kind)), key: "machine-\(index)")
            #expect(cache.load("machine-\(index)") == nil, "\(kind) may be the machine's or the course's")
        }
        cache.store(result(failure(.crashed, step: .launch)), key: "launch")
        #expect(cache.load("launch") == nil, "a launch the grader could not make is not the code's")
        cache.store(result(failure(.wrongValue)), key: "wrong")
        #expect(cache.load("wrong")?.failure?.kind == .wrongValue)
    }
}
