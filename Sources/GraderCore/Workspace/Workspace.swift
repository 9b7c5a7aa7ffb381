import Foundation

/// A course opened for a command: its manifest, the exercises the command needs (read from
/// their files, and no others), the problems found, and a workbench wired to the toolchain and
/// sandbox. The command-line tool and the end-to-end tests start here.
public final class Workspace: @unchecked Sendable {
    public let manifest: CourseManifest
    /// What the command works on.
    public let scope: CourseScope
    /// The course with the scope's exercises loaded (every lesson, with those of its exercises
    /// that are in the scope and loaded without problems).
    public let course: Course
    /// The problems of `grader.yml` and of the exercises read.
    public let problems: [CourseProblem]
    /// `.grader/` inside the course: builds, caches, containers, last statuses.
    public let workDirectory: URL
    let workbench: Workbench
    /// The running grader: the `mutate` tool is built beside it.
    let executable: URL

    private init(manifest: CourseManifest, scope: CourseScope, loaded: CourseLoader.Loaded, workDirectory: URL,
                 workbench: Workbench, executable: URL) {
        self.executable = executable
        self.manifest = manifest
        self.scope = scope
        course = loaded.course
        problems = loaded.problems
        self.workDirectory = workDirectory
        self.workbench = workbench
    }

    /// Opens the course at `root` for what `scope` picks from its manifest.
    ///
    /// - Parameters:
    ///   - executable: the running grader (or test bundle), near which SwiftPM put the runtime.
    ///   - scope: what the command works on (the whole course when nil).
    ///   - launch: how exercise binaries are launched.
    /// - Throws: ``GraderError`` when `grader.yml` is unusable, a name matches nothing, or the
    ///   toolchain or sandbox is missing.
    public static func open(root: URL, executable: URL, workDirectory: URL? = nil,
                            scope: ((CourseManifest) throws -> CourseScope)? = nil,
                            launch: LaunchMode = .fork) throws -> Workspace {
        let manifest: CourseManifest
        do {
            manifest = try CourseLoader().loadManifest(root: root)
        } catch let problem as CourseProblem {
            throw GraderError.courseInvalid(problem)
        }
        let resolved = try scope?(manifest) ?? .wholeCourse(manifest)
        let loaded = CourseLoader().load(manifest, only: resolved.isWholeCourse ? nil : Set(resolved.exercises.map(\.id)))
        let work = workDirectory ?? root.appendingPathComponent(".grader")
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            throw GraderError.io("cannot create \(work.path): \(error.localizedDescription)")
        }
        let toolchain = try Toolchain.locate(executable: executable)
        let sandbox = try Sandbox.prepare(toolchain: toolchain)
        let engine = BuildEngine(toolchain: toolchain, workDirectory: work, courseRoot: root)
        engine.compilerSandbox = CompilerSandbox(bwrap: sandbox.bwrap, readOnly: CompilerSandbox.readOnlyFolders(for: toolchain))
        let workbench = Workbench(engine: engine, launcher: AppLauncher(sandbox: sandbox, mode: launch), workDirectory: work)
        return Workspace(manifest: manifest, scope: resolved, loaded: loaded, workDirectory: work, workbench: workbench,
                         executable: executable)
    }

    /// The limits this machine does not enforce, and why: every report lists them.
    public var unenforcedLimits: [UnenforcedLimit] { workbench.launcher.sandbox.unenforcedLimits }

    /// The scope's exercises that loaded, in the scope's order.
    public var exercises: [Exercise] {
        let loaded = Dictionary(course.exercises.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return scope.exercises.compactMap { loaded[$0.id] }
    }

    /// The scope's lessons, as the course has them.
    public var lessons: [Lesson] {
        scope.lessons.compactMap { entry in course.lessons.first { $0.id == entry.id } }
    }

    /// Readies this machine for grading: the sandbox was checked when the workspace opened; this
    /// fills the compiler's module cache.
    /// - Returns: the compiler's errors, empty when it worked.
    public func prepare() throws -> [Diagnostic] {
        try workbench.engine.warmModuleCache()
    }

    /// A grader for this course, working as `options` say.
    public func grader(_ options: GraderOptions = GraderOptions()) -> Grader {
        Grader(workbench: workbench, options: options)
    }

    /// Checks lessons on this workspace's workbench, `jobs` at a time.
    public func lessonSuite(jobs: Int = GraderOptions.defaultJobs) -> LessonSuite {
        LessonSuite(course: course, workbench: workbench, jobs: jobs)
    }

    /// Verifies the scope as `grader verify` does: its exercises, its lessons' text and the
    /// problems that concern them, `jobs` builds and runs at a time.
    /// - Parameter mutants: also generate up to this many mutants of each reference and score
    ///   the exercise by the share its cases catch (`grader verify --mutants`).
    /// - Parameter progress: told of each exercise and lesson as soon as it is verified, when
    ///   the mutation score's work starts, and of each exercise whose mutants are all graded,
    ///   from the grading threads, one call at a time.
    /// - Parameter mutantSchemas: build each exercise's generated mutants together, as one
    ///   mutant schema (``MutationTester/buildsSchemas``), and its hand-written ones too when
    ///   `mutate` is built (``HandMutantSchemas``).
    /// - Parameter comparesLaunches: grade every file a second time with launches started the
    ///   other way (``LaunchMode``) and check that the verdicts are the same.
    public func verify(jobs: Int = GraderOptions.defaultJobs, mutants: Int? = nil, mutantSchemas: Bool = true,
                       comparesLaunches: Bool = false,
                       progress: (@Sendable (VerifyProgress) -> Void)? = nil) throws -> VerifyReport {
        // Mutant schemas and generated mutants are written and built in a folder of this run's
        // own, so that verifies running at once never rewrite each other's.
        let folder = try RunFolder(in: workDirectory, prefix: "verify-", what: "verify's folder")
        defer { withExtendedLifetime(folder) {} }
        let verifying = grader(.verify(jobs: jobs))
        var verifier = CourseVerifier(grader: verifying, lessons: lessonSuite(jobs: jobs))
        if comparesLaunches {
            let other: LaunchMode = workbench.launcher.mode == .fork ? .exec : .fork
            var launcher = workbench.launcher
            launcher.mode = other
            let otherBench = Workbench(engine: workbench.engine, launcher: launcher, workDirectory: workDirectory)
            verifier.launchComparison = LaunchComparison(grader: verifying, other: Grader(workbench: otherBench, options: .verify(jobs: jobs)),
                                                         mode: other)
        }
        // Hand-written mutants in one schema per exercise where `mutate` is built (it is for
        // `--mutants`); each alone otherwise, or with `--mutants-one-by-one`.
        var verified = exercises
        if mutantSchemas, FileManager.default.isExecutableFile(atPath: mutateTool.path) {
            verified = HandMutantSchemas(grader: verifying, tool: mutateTool,
                                         directory: folder.directory.appendingPathComponent("mutant-schemas")).applied(to: exercises)
        }
        var report = try verifier.verify(verified, lessons: lessons, problems: relevantProblems, progress: progress)
        report.unenforcedLimits = unenforcedLimits
        if let mutants {
            let tool = mutateTool
            guard FileManager.default.isExecutableFile(atPath: tool.path) else {
                throw GraderError.missingTool("mutate", hint: "build it with `swift build --product mutate` (it needs swift-syntax, which `grader` alone does not)")
            }
            progress?(.scoringMutants(exercises: exercises.count))
            var tester = MutationTester(grader: grader(.mutation(jobs: jobs)), tool: tool,
                                        directory: folder.directory.appendingPathComponent("generated-mutants"),
                                        limit: mutants, minimum: course.mutationMinimum)
            tester.buildsSchemas = mutantSchemas
            report.mutation = try tester.score(exercises, progress: progress)
        }
        return report
    }

    /// The `mutate` tool, built beside the running grader (`swift build --product mutate`).
    var mutateTool: URL {
        executable.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("mutate")
    }

    /// `handout.json` when the course is a student handout, else nil.
    public var handout: HandoutManifest? { manifest.handout }

    /// Packs the whole course as a student handout into `destination` (`grader pack --student`),
    /// building the references `jobs` at a time.
    /// - Parameter force: replace what `destination` holds.
    /// - Throws: ``GraderError`` when the course is a handout itself or has problems, or the
    ///   destination or a reference cannot be used.
    /// - Parameter selfContained: link the Swift runtime into each reference binary (about
    ///   60 MB each) instead of using the student's toolchain's.
    public func packStudentHandout(into destination: URL, force: Bool, jobs: Int = GraderOptions.defaultJobs,
                                   selfContained: Bool = false) throws -> HandoutSummary {
        if handout != nil { throw GraderError.instructorCourseNeeded(command: "pack") }
        guard scope.isWholeCourse, problems.isEmpty else {
            throw GraderError.packRefused("the course has problems; fix them first (`grader verify` lists them all):\n"
                + problems.map(\.description).joined(separator: "\n"))
        }
        return try HandoutPacker(course: course, engine: workbench.engine, jobs: jobs,
                                 runtime: selfContained ? .embedded : .sandboxed).pack(into: destination, force: force)
    }

    /// The problems that concern the scope: all of them for the whole course, otherwise those of
    /// `grader.yml` and of the exercises named.
    public var relevantProblems: [CourseProblem] {
        if scope.isWholeCourse { return problems }
        return problems(concerning: scope.exercises.map(\.displayPath))
    }

    /// The problems that concern the exercises in these folders, or `grader.yml` (which concerns them all).
    public func problems(concerning folders: [String]) -> [CourseProblem] {
        problems.filter { problem in
            problem.file == "grader.yml" || folders.contains { problem.file.hasPrefix($0 + "/") }
        }
    }
}
