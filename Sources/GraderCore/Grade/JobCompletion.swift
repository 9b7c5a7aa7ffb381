import Foundation

/// Which jobs of one ``Grader/grade(_:finished:)`` call have all their results in, shared by
/// the work pool's threads: it collects each job's case results and tells the caller of a job
/// as soon as its last one arrives, one job at a time.
final class JobCompletion: @unchecked Sendable {
    private let lock = NSLock()
    private let announce = NSLock()
    private var waiting: [Int: Int] = [:]
    private var cases: [Int: [CaseResult]] = [:]
    private let finished: (@Sendable (Int, ExerciseResult) -> Void)?

    /// - Parameter finished: told of each job's result (by the job's index); nil for no one.
    init(finished: (@Sendable (Int, ExerciseResult) -> Void)?) {
        self.finished = finished
    }

    /// Every case of `job` is to be run: it is finished when `count` results are in.
    func expect(_ count: Int, casesOf job: Int) {
        lock.lock()
        waiting[job] = count
        lock.unlock()
    }

    /// Records one case result of `job`; returns all of the job's results, in the cases'
    /// order, when it was the last one awaited.
    func add(_ result: CaseResult, to job: Int) -> [CaseResult]? {
        lock.lock()
        defer { lock.unlock() }
        cases[job, default: []].append(result)
        waiting[job, default: 1] -= 1
        guard waiting[job] == 0 else { return nil }
        return cases[job, default: []].sorted { $0.index < $1.index }
    }

    /// Tells the caller that `job` finished with `result`. Calls never overlap, so the caller
    /// may draw on a terminal without a lock of its own.
    func announce(_ job: Int, _ result: @autoclosure () -> ExerciseResult) {
        guard let finished else { return }
        let value = result()
        announce.lock()
        defer { announce.unlock() }
        finished(job, value)
    }
}
