import ArgumentParser
import Foundation
import GraderCore

extension LaunchMode: ExpressibleByArgument {}

/// Options every command shares.
package struct CourseOptions: ParsableArguments {
    package init() {}

    @Option(name: .long, help: "The course folder (default: the nearest folder with grader.yml).")
    package var course: String?

    @Option(name: .long, help: ArgumentHelp(
        "How an exercise's app is launched: fork (from a copy of the app waiting in a sandbox kept between cases) or exec (a new sandbox for every launch, slower; for comparing).",
        valueName: "fork|exec"))
    package var launch: LaunchMode = .fork

    package var currentDirectory: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }

    package func courseRoot() throws -> URL {
        let start = URL(fileURLWithPath: course ?? FileManager.default.currentDirectoryPath)
        guard let root = CourseLoader.findRoot(from: start) else { throw GraderError.courseNotFound(start.path) }
        return root
    }

    /// The manifest of the course (`grader.yml`), a problem in it as the grader's error.
    package func manifest() throws -> CourseManifest {
        let root = try courseRoot()
        do {
            return try CourseLoader().loadManifest(root: root)
        } catch let problem as CourseProblem {
            throw GraderError.courseInvalid(problem)
        }
    }

    /// Opens the course for the scope a command names, with the toolchain and sandbox.
    package func workspace(_ scope: ((CourseManifest) throws -> CourseScope)? = nil) throws -> Workspace {
        try Workspace.open(root: try courseRoot(), executable: Self.executableURL, scope: scope, launch: launch)
    }

    /// Opens the instructor's course for `command`, refusing a student handout before anything
    /// is built: it has no references, mutants or hidden cases to work with.
    package func instructorWorkspace(for command: String, _ scope: ((CourseManifest) throws -> CourseScope)? = nil) throws -> Workspace {
        let root = try courseRoot()
        if HandoutManifest.isHandout(root: root) { throw GraderError.instructorCourseNeeded(command: command) }
        return try Workspace.open(root: root, executable: Self.executableURL, scope: scope, launch: launch)
    }

    package static var executableURL: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path == "/proc/self/exe"
            ? URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
            : URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }
}
