import Foundation

/// Runs a case's steps in one fresh app container, launching the binary on demand: the first
/// call starts it, `relaunch` ends it gracefully, `kill` ends it abruptly, and the next call
/// after either starts a new process on the same container.
struct CaseRunner {
    let sandbox: Sandbox
    let workDirectory: URL

    /// Runs `testCase` against `bundle`.
    ///
    /// - Parameter shouldStop: called after each step with its index and run; returning true
    ///   ends the case there (the learner's run stops at its first failing step).
    /// - Returns: one run per step executed.
    func run(_ testCase: TestCase, bundle: AppBundle, exercise: Exercise,
             shouldStop: (Int, StepRun) -> Bool = { _, _ in false }) throws -> [StepRun]
    {
        let container = try AppContainer.create(in: workDirectory)
        defer { container.remove() }
        var session: AppSession?
        defer { if let session, !session.isGone { _ = session.kill() } }
        var runs: [StepRun] = []
        for (index, step) in testCase.steps.enumerated() {
            let run: StepRun
            switch step {
            case .call(let call):
                if session == nil || session!.isGone {
                    session = try AppSession(sandbox: sandbox, bundle: bundle, container: container,
                                             limits: exercise.limits, defaultsSuites: exercise.defaultsSuites)
                }
                run = session!.call(call.operation, arguments: call.arguments)
            case .relaunch:
                if let current = session, !current.isGone {
                    run = current.terminate()
                } else {
                    run = StepRun(event: .relaunched, stdout: "", stderr: "", duration: 0)
                }
                session = nil
            case .kill:
                if let current = session, !current.isGone {
                    run = current.kill()
                } else {
                    run = StepRun(event: .killed, stdout: "", stderr: "", duration: 0)
                }
                session = nil
            }
            runs.append(run)
            if shouldStop(index, run) { break }
        }
        return runs
    }
}
