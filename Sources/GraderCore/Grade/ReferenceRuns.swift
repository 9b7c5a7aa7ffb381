import Foundation

/// The reference implementation's runs of concrete cases, cached on disk by everything they
/// depend on (the reference build, the case's steps, checks and limits, the grader), and made
/// once per key even when several runs ask for one at the same moment (`verify` grades the
/// reference, the starter and every mutant of an exercise together).
///
/// A generated case's inputs each make a concrete case, so their runs are cached the same way,
/// keyed by the input through the steps it fills in.
final class ReferenceRuns: @unchecked Sendable {
    private let launcher: any CaseLaunching
    private let cache: JSONCache<CaseRun>
    private let graderIdentity: String
    private let lock = NSLock()
    private var pending: [String: Pending] = [:]

    init(launcher: any CaseLaunching, cache: JSONCache<CaseRun>, graderIdentity: String) {
        self.launcher = launcher
        self.cache = cache
        self.graderIdentity = graderIdentity
    }

    /// One key's run, made by the first caller while later ones wait for it.
    private final class Pending: @unchecked Sendable {
        let lock = NSLock()
        var result: Result<CaseRun, GraderError>?
    }

    func key(_ exercise: Exercise, _ bundle: AppBundle, _ testCase: TestCase) -> String {
        JSONCache<CaseRun>.key(
            "reference-run-v4", [bundle.key, testCase.steps, testCase.container, testCase.environment, exercise.limits, exercise.defaultsSuites,
                                 testCase.timeLimit, graderIdentity, testCase.bundle.map { [$0] } ?? []])
    }

    /// The reference's run of a concrete case, from the cache when it has run before.
    func run(_ exercise: Exercise, _ bundle: AppBundle, _ testCase: TestCase) -> Result<CaseRun, GraderError> {
        let key = key(exercise, bundle, testCase)
        lock.lock()
        let entry = pending[key] ?? Pending()
        pending[key] = entry
        lock.unlock()
        entry.lock.lock()
        defer { entry.lock.unlock() }
        if let result = entry.result { return result }
        let result = make(key, exercise, bundle, testCase)
        entry.result = result
        return result
    }

    /// How many times the reference runs a performance case, whose limits are multiples of its
    /// calls' times: each call's time is its fastest. One run's time is the machine's as much as
    /// the code's: a reference call slowed twofold by a compile beside it doubles the limit, and
    /// a learner's call that should fail it passes.
    static let timedRuns = 3

    private func make(_ key: String, _ exercise: Exercise, _ bundle: AppBundle, _ testCase: TestCase) -> Result<CaseRun, GraderError> {
        if let cached = cache.load(key) { return .success(cached) }
        do {
            var run = try launcher.run(testCase, bundle: bundle, exercise: exercise)
            if testCase.timeLimit != nil {
                // A later run that cannot start lends no times; the first still holds.
                for _ in 1..<Self.timedRuns {
                    guard let other = try? launcher.run(testCase, bundle: bundle, exercise: exercise) else { break }
                    run = Self.fastest(run, other)
                }
            }
            // Only a clean run is worth keeping: a timeout may be the machine's fault.
            if run.steps.allSatisfy({ if case .timedOut = $0.event { return false } else { return true } }) {
                cache.store(run, key: key)
            }
            return .success(run)
        } catch let error as GraderError {
            return .failure(error)
        } catch {
            return .failure(.io("\(error)"))
        }
    }

    /// `run` with each step's time the lesser of its own and `other`'s, when both runs went the
    /// same way (every step the same event); `run` as it is otherwise.
    static func fastest(_ run: CaseRun, _ other: CaseRun) -> CaseRun {
        guard run.steps.count == other.steps.count,
              zip(run.steps, other.steps).allSatisfy({ $0.event == $1.event }) else { return run }
        var fastest = run
        for index in fastest.steps.indices {
            fastest.steps[index].duration = min(run.steps[index].duration, other.steps[index].duration)
        }
        return fastest
    }
}
