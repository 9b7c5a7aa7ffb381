import Foundation

/// A course opened for grading: its model, the problems found loading it, and a grader wired to
/// the toolchain and sandbox. The command-line tool and the end-to-end tests start here.
public struct Workspace {
    public var course: Course
    public var problems: [CourseProblem]
    public var grader: Grader
    /// `.grader/` inside the course: builds, caches, containers, last statuses.
    public var workDirectory: URL

    /// Opens the course at `root`.
    ///
    /// - Parameters:
    ///   - executable: the running grader (or test bundle), near which SwiftPM put the runtime.
    ///   - jobs: parallel builds and cases.
    /// - Throws: ``GraderError`` when `grader.yml` is unusable or the toolchain or sandbox is missing.
    public static func open(root: URL, executable: URL, jobs: Int,
                            workDirectory: URL? = nil) throws -> Workspace
    {
        let loaded: CourseLoader.Loaded
        do {
            loaded = try CourseLoader().load(root: root)
        } catch let problem as CourseProblem {
            throw GraderError.courseInvalid(problem)
        }
        let work = workDirectory ?? root.appendingPathComponent(".grader")
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            throw GraderError.io("cannot create \(work.path): \(error.localizedDescription)")
        }
        let toolchain = try Toolchain.locate(executable: executable)
        let sandbox = try Sandbox.prepare(workDirectory: work, toolchain: toolchain)
        let grader = Grader(course: loaded.course, toolchain: toolchain, sandbox: sandbox, workDirectory: work, jobs: jobs)
        return Workspace(course: loaded.course, problems: loaded.problems, grader: grader, workDirectory: work)
    }

    /// The problems that concern `exercises`, or `grader.yml` (which concerns them all).
    public func problems(concerning exercises: [Exercise]) -> [CourseProblem] {
        problems.filter { problem in
            problem.file == "grader.yml" || exercises.contains { problem.file.hasPrefix($0.displayPath + "/") }
        }
    }
}
