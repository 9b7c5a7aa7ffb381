import Foundation
import Testing
@testable import GraderCore

/// Proves that Foundation's directory APIs land in the app container, inside the sandbox.
struct SandboxTests {
    @Test func foundationAPIsLandInTheContainerAndTheHostIsOutOfReach() throws {
        let course = try TemporaryCourse.fixture()
        let workspace = try GradingHarness.workspace(course)
        let probe = try requireExercise("sandbox-probe", in: workspace)
        let result = try workspace.grader().grade([probe], variant: .reference)[0]
        // Each case states the expected paths, the saved defaults file and the isolation.
        for testCase in result.cases {
            #expect(testCase.status == .passed, "\(testCase.name): \(testCase.failure?.message ?? "")")
        }
        #expect(result.casesPassed == 3)
    }

    @Test func commandHidesTheHostAndSetsTheHome() throws {
        let course = try TemporaryCourse.fixture()
        let workspace = try GradingHarness.workspace(course)
        let container = try AppContainer.create(in: workspace.workDirectory)
        defer { container.remove() }
        let sandbox = workspace.workbench.launcher.sandbox
        let command = sandbox.command(bundle: URL(fileURLWithPath: "/tmp/App.app"), container: container,
                                      limits: .standard, defaultsSuites: ["garage"])
        #expect(command.arguments.contains("--unshare-all"))
        #expect(command.arguments.contains("--die-with-parent"))
        let bind = try #require(command.arguments.firstIndex(of: container.directory.path))
        #expect(command.arguments[bind - 1] == "--bind")
        #expect(command.arguments[bind + 1] == Sandbox.homePath)
        #expect(!command.arguments.contains(course.root.path))
        #expect(command.arguments.contains("EXERCISEKIT_DEFAULTS_SUITES"))
        for folder in AppContainer.layout {
            #expect(FileManager.default.fileExists(atPath: container.directory.appendingPathComponent(folder).path))
        }
    }
}
