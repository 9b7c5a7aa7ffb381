import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// A 50 MB argument, through the sandbox, to a real exercise binary and back: before, the
/// driver read it in quadratic time, the grader's blocking write outlived the app's CPU limit,
/// and the SIGPIPE that followed ended the grader.
struct LongRequestTests {
    @Test func aFiftyMegabyteArgumentIsReadAndAnswered() throws {
        let course = try TemporaryCourse.fixture()
        let workspace = try GradingHarness.workspace(course)
        let counter = try requireExercise("counter", in: workspace)
        guard case .built(let bundle) = try workspace.workbench.engine.build(exercise: counter, sources: counter.referenceSources) else {
            Issue.record("the reference does not build")
            return
        }
        let container = try AppContainer.create(in: workspace.workDirectory)
        defer { container.remove() }
        var limits = counter.limits
        limits.timeLimit = 60
        let session = try AppSession(launcher: workspace.workbench.launcher, bundle: bundle, container: container,
                                     limits: limits, defaultsSuites: [], environment: .neutral)
        defer { _ = session.kill() }
        // The driver decodes `by` and leaves the rest.
        let padding = String(repeating: "a", count: 50 << 20)
        let run = session.call("increment", arguments: .object(["by": .int(2), "padding": .string(padding)]))
        #expect(run.event == .replied(.value(.int(2))), "\(run.event)")
        #expect(session.call("value", arguments: nil).event == .replied(.value(.int(2))))
    }
}
