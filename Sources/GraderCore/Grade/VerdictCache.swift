import Foundation

/// The verdicts of learner cases, reused while every input they depend on is unchanged, as
/// `go test` reuses a passing package's result (`grader check --no-cache` runs again).
///
/// A verdict depends on the binary, the case, the limits, the suites saved on relaunch, the
/// reference it is compared with and the grader: all of them are in the key. Verdicts that may
/// depend on the machine (a timeout, the output cap, a performance limit) or on a course defect
/// are never kept, nor is a launch the grader itself could not make.
///
/// A crash case's verdict is kept too. Its kill moments come from its seed, stratified over the
/// call's measured time; a pass means that `repeat` kills, one in each slice of the call, all
/// left the data whole, and a failure is a kill that tore it (replayable by the seed). Running
/// the same binary again draws the same slices and can only add tries at nearby moments, so an
/// unchanged binary keeps its verdict the way an unchanged test keeps a passing result;
/// `--no-cache` draws again, and `grader verify` always runs everything.
struct VerdictCache: Sendable {
    let cache: JSONCache<CaseResult>
    let graderIdentity: String

    /// Failures of these kinds may be the machine's or the course's: never reused.
    static let neverKept: Set<FailureKind> = [.timedOut, .tooSlow, .outputLimit, .limitExceeded, .referenceFailed, .driverFault, .graderFault]

    func key(_ testCase: TestCase, exercise: Exercise, bundle: AppBundle, referenceBundle: AppBundle?,
             reference: CaseRun?, shrinksFailures: Bool, exploration: GraderOptions? = nil) -> String {
        // Generated and explored cases make their reference runs themselves: the reference
        // build stands for them. An exploration's verdict also depends on which sequences ran
        // (all of them, or the one `--sequence` replays) and on their seed (`--seed`).
        let generated = testCase.inputs != nil || testCase.exploration != nil
        let budget = testCase.exploration == nil ? nil
            : "\(exploration?.explorationSequence ?? 0)-\(exploration?.explorationSeed.map(String.init) ?? "")"
        return JSONCache<CaseResult>.key(
            "case-result-v4", [bundle.key, testCase, exercise.limits, exercise.defaultsSuites, reference,
                               generated ? referenceBundle?.key : nil, graderIdentity,
                               generated ? shrinksFailures : nil, budget])
    }

    func load(_ key: String) -> CaseResult? {
        guard var cached = cache.load(key) else { return nil }
        cached.cached = true
        return cached
    }

    func store(_ result: CaseResult, key: String) {
        if let failure = result.failure {
            guard !Self.neverKept.contains(failure.kind), failure.step != .launch else { return }
        }
        cache.store(result, key: key)
    }
}
