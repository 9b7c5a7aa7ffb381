import Foundation

/// Packs the course as a student gets it (`grader pack --student DIR`): the package, lessons and
/// exercises without references, mutants or hidden cases, each reference as a compiled binary
/// instead, and `handout.json` (Docs/handout.md).
///
/// It writes into a folder beside the destination and moves it into place only once the
/// handout has been loaded again and checked, so a failed pack leaves nothing half written.
public struct HandoutPacker {
    /// The whole course, loaded without problems.
    let course: Course
    let engine: BuildEngine
    let pool: WorkPool
    /// How the reference binaries get the Swift runtime: ``RuntimeLinkage/sandboxed`` (small,
    /// the student's toolchain must be the same release) or ``RuntimeLinkage/embedded``
    /// (`--self-contained`: any toolchain, about 60 MB each).
    let runtime: RuntimeLinkage

    init(course: Course, engine: BuildEngine, jobs: Int, runtime: RuntimeLinkage = .sandboxed) {
        self.course = course
        self.engine = engine
        pool = WorkPool(jobs: jobs)
        self.runtime = runtime
    }

    /// The folder, relative to the handout's root, that holds each exercise's reference binary.
    static let binariesFolder = "ReferenceBinaries"

    /// Packs into `destination`.
    /// - Parameter force: replace a `destination` that is not empty.
    /// - Throws: ``GraderError/packRefused(_:)`` when the destination is unsuitable, a reference
    ///   does not build, or the packed handout fails its own check; ``GraderError/io(_:)`` when
    ///   a file cannot be written.
    public func pack(into destination: URL, force: Bool) throws -> HandoutSummary {
        let started = Date()
        let destination = destination.standardizedFileURL
        try checkDestination(destination, force: force)
        // References first: the slow part, and one that does not build stops the pack before a file is written.
        let binaries = try buildReferences()
        let fm = FileManager.default
        let staging = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).packing-\(UUID().uuidString.prefix(8))")
        defer { try? fm.removeItem(at: staging) }
        try HandoutContents.createFolder(staging)

        var leftOut = try copyPackage(into: staging)
        var entries: [HandoutManifest.Entry] = []
        for (exercise, binary) in zip(course.exercises, binaries) {
            entries.append(try pack(exercise, binary: binary, into: staging))
        }
        leftOut += leftOutOfExercises()
        var manifest = HandoutManifest(course: course.title, packedAt: ISO8601DateFormatter().string(from: started),
                                       graderVersion: GraderVersion.current + " (" + graderRevision() + ")", swiftVersion: engine.toolchain.swiftVersion, exercises: entries)
        manifest.runtime = runtime == .embedded ? HandoutManifest.embeddedRuntime : HandoutManifest.sharedRuntime
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        try HandoutContents.write(try encoder.encode(manifest) + Data("\n".utf8),
                                  to: staging.appendingPathComponent(HandoutManifest.fileName))

        let warnings = try HandoutCheck(course: course, manifest: manifest).check(staging)
        try moveIntoPlace(staging, destination)
        let referenceBytes = manifest.exercises.map { Self.size(of: destination.appendingPathComponent($0.referenceBinary)) }.reduce(0, +)
        let totalBytes = HandoutContents.files(below: destination).map { Self.size(of: destination.appendingPathComponent($0)) }.reduce(0, +)
        return HandoutSummary(destination: destination, manifest: manifest, referenceBytes: referenceBytes,
                              totalBytes: totalBytes, leftOut: leftOut, warnings: warnings,
                              duration: Date().timeIntervalSince(started))
    }

    /// Refuses a destination that is, holds or lies in the course (a forced pack would remove
    /// it), that is a file, or that is a folder with something in it unless `force`.
    private func checkDestination(_ destination: URL, force: Bool) throws {
        let target = destination.resolvingSymlinksInPath().path
        let root = course.root.standardizedFileURL.resolvingSymlinksInPath().path
        if target == root || root.hasPrefix(target + "/") || target.hasPrefix(root + "/") {
            throw GraderError.packRefused("\(destination.path) is the course, or holds it or lies inside it; pack into a folder outside the course")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw GraderError.packRefused("\(destination.path) is a file; name a folder")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
        if !entries.isEmpty, !force {
            throw GraderError.packRefused("\(destination.path) is not empty; pass --force to replace everything in it")
        }
    }

    /// Every exercise's reference as the handout ships it, in course order.
    private func buildReferences() throws -> [URL] {
        let outcomes = pool.map(course.exercises) { exercise in
            Result { try self.engine.buildShippableReference(of: exercise, runtime: self.runtime) }
        }
        var binaries: [URL] = []
        var failures: [String] = []
        for (exercise, outcome) in zip(course.exercises, outcomes) {
            switch try outcome.get() {
            case .built(let bundle): binaries.append(bundle.directory.appendingPathComponent(AppBundle.executableName))
            case .failed(let diagnostics):
                let error = diagnostics.first(where: { $0.severity == .error })
                let first = error.map { [$0.file, $0.line.map(String.init)].compactMap { $0 }.joined(separator: ":") + " " + $0.message } ?? "the build failed"
                failures.append("\(exercise.id): the reference does not build: \(first)")
            }
        }
        guard failures.isEmpty else {
            throw GraderError.packRefused(failures.joined(separator: "\n") + "\nRun `grader verify` on those exercises")
        }
        return binaries
    }

    /// Copies the package's shipped files and folders; returns what it left out at the top.
    private func copyPackage(into staging: URL) throws -> [String] {
        let root = course.root
        for name in HandoutContents.topFiles + HandoutContents.topFolders {
            let source = root.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: source.path) else { continue }
            try HandoutContents.copy(source, to: staging.appendingPathComponent(name), displayPath: name)
        }
        // The student commits their progress: the course's line that keeps the instructor's own out goes.
        let ignore = staging.appendingPathComponent(".gitignore")
        if let text = FileManager.default.contents(atPath: ignore.path).map({ String(decoding: $0, as: UTF8.self) }) {
            try HandoutContents.write(Data(HandoutContents.ignoringProgress(text).utf8), to: ignore)
        }
        let package = staging.appendingPathComponent("Package.swift")
        if let text = FileManager.default.contents(atPath: package.path) {
            try HandoutContents.write(text + Data(HandoutContents.packageFooter.utf8), to: package)
        }
        if FileManager.default.fileExists(atPath: root.appendingPathComponent("Exercises/README.md").path) {
            let readme = staging.appendingPathComponent("Exercises/README.md")
            try HandoutContents.copy(root.appendingPathComponent("Exercises/README.md"), to: readme, displayPath: "Exercises/README.md")
            // The table of requirements names hidden cases and mutants, as `requirements:` does.
            if let text = FileManager.default.contents(atPath: readme.path).map({ String(decoding: $0, as: UTF8.self) }) {
                try HandoutContents.write(Data(HandoutContents.withoutRequirementTable(text).utf8), to: readme)
            }
        }
        let shipped = Set(HandoutContents.topFiles + HandoutContents.topFolders + ["Exercises"])
        return HandoutContents.names(in: root).filter { !shipped.contains($0) }.map { name in
            Self.isFolder(root.appendingPathComponent(name)) ? "\(name)/" : name
        }
    }

    /// Writes one exercise's folder and reference binary; returns its manifest entry.
    private func pack(_ exercise: Exercise, binary: URL, into staging: URL) throws -> HandoutManifest.Entry {
        let folder = staging.appendingPathComponent(exercise.displayPath)
        try HandoutContents.createFolder(folder)
        for name in HandoutContents.exerciseFiles + exercise.learnerFiles {
            try HandoutContents.copy(exercise.directory.appendingPathComponent(name), to: folder.appendingPathComponent(name),
                                     displayPath: "\(exercise.displayPath)/\(name)")
        }
        if FileManager.default.fileExists(atPath: exercise.resourcesDirectory.path) {
            try HandoutContents.copy(exercise.resourcesDirectory, to: folder.appendingPathComponent("Resources"),
                                     displayPath: "\(exercise.displayPath)/Resources")
        }
        let written = exercise.cases.filter { $0.exploration == nil }
        let hidden = written.filter(\.hidden)
        if hidden.count == written.count {
            throw GraderError.packRefused("every case of \(exercise.id) is hidden, so its handout would have nothing to check; make one visible")
        }
        let caseFile = exercise.directory.appendingPathComponent("exercise.yml")
        guard let original = FileManager.default.contents(atPath: caseFile.path).flatMap({ String(data: $0, encoding: .utf8) }) else {
            throw GraderError.io("cannot read \(exercise.displayPath)/exercise.yml")
        }
        let visible: String
        do {
            visible = try HiddenCaseRemover(displayPath: "\(exercise.displayPath)/exercise.yml")
                .removing(cases: Set(hidden.map(\.index)), keys: HandoutContents.withheldKeys, from: original)
        } catch let problem as CourseProblem {
            throw GraderError.packRefused(problem.description)
        }
        try HandoutContents.write(Data(visible.utf8), to: folder.appendingPathComponent("exercise.yml"))

        let binaryPath = "\(Self.binariesFolder)/\(exercise.id)/\(AppBundle.executableName)"
        try HandoutContents.copy(binary, to: staging.appendingPathComponent(binaryPath), displayPath: binaryPath)
        let hash: (URL) throws -> String = { url in
            do { return try SHA256.hex(ofFile: url) } catch {
                throw GraderError.io("cannot read \(url.path): \(error.localizedDescription)")
            }
        }
        // A copy of each starter, out of the learner's way, for `grader reset`.
        var starterHashes: [String: String] = [:]
        for name in exercise.learnerFiles {
            let path = "\(HandoutManifest.startersFolder)/\(exercise.id)/\(name)"
            try HandoutContents.copy(exercise.directory.appendingPathComponent(name), to: staging.appendingPathComponent(path),
                                     displayPath: path)
            starterHashes[name] = try hash(staging.appendingPathComponent(path))
        }
        return HandoutManifest.Entry(
            id: exercise.id, learnerFiles: exercise.learnerFiles, casesHash: SHA256.hex(of: Data(visible.utf8)),
            visibleCases: written.count - hidden.count, hiddenCases: hidden.count,
            driverHash: try hash(exercise.driverURL), referenceBinary: binaryPath,
            referenceHash: try hash(staging.appendingPathComponent(binaryPath)), starterHashes: starterHashes)
    }

    /// What the exercises' folders hold that the handout leaves out: folders and files of
    /// `Exercises/` that are no listed exercise, then what the exercises hold, counted by name.
    private func leftOutOfExercises() -> [String] {
        let exercisesFolder = course.root.appendingPathComponent("Exercises")
        let listed = Set(course.exercises.map(\.displayPath))
        var unlisted: [String] = []
        for lesson in HandoutContents.names(in: exercisesFolder) where lesson != "README.md" {
            let lessonPath = "Exercises/\(lesson)"
            guard Self.isFolder(exercisesFolder.appendingPathComponent(lesson)),
                  course.lessons.contains(where: { $0.id == lesson }) else {
                unlisted.append(lessonPath)
                continue
            }
            for name in HandoutContents.names(in: exercisesFolder.appendingPathComponent(lesson)) where !listed.contains("\(lessonPath)/\(name)") {
                unlisted.append("\(lessonPath)/\(name)")
            }
        }
        var counts: [String: Int] = [:]
        for exercise in course.exercises {
            let shipped = Set(HandoutContents.exerciseFiles + exercise.learnerFiles + ["exercise.yml", "Resources"])
            for name in HandoutContents.names(in: exercise.directory) where !shipped.contains(name) {
                counts[Self.isFolder(exercise.directory.appendingPathComponent(name)) ? "\(name)/" : name, default: 0] += 1
            }
        }
        let hiddenCases = course.exercises.flatMap(\.cases).filter(\.hidden).count
        return unlisted.map { "\($0) (not in grader.yml)" }
            + counts.sorted { $0.key < $1.key }.map { "\($0.key) of \($0.value) exercise\($0.value == 1 ? "" : "s")" }
            + (hiddenCases > 0 ? ["\(hiddenCases) hidden case\(hiddenCases == 1 ? "" : "s") from the exercises' exercise.yml"] : [])
    }

    /// Replaces `destination` with `staging`, putting the old folder back if the move fails.
    private func moveIntoPlace(_ staging: URL, _ destination: URL) throws {
        let fm = FileManager.default
        let old = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).old-\(UUID().uuidString.prefix(8))")
        let hadOld = fm.fileExists(atPath: destination.path)
        do {
            if hadOld { try fm.moveItem(at: destination, to: old) }
            do {
                try fm.moveItem(at: staging, to: destination)
            } catch {
                if hadOld { try? fm.moveItem(at: old, to: destination) }
                throw error
            }
        } catch {
            throw GraderError.io("cannot move the handout to \(destination.path): \(error.localizedDescription)")
        }
        if hadOld { try? fm.removeItem(at: old) }
    }

    /// `git describe --always --dirty` of the course, or `unknown` outside a git checkout.
    /// The course's commit (`git describe`), which tells two packs of one version apart.
    private func graderRevision() -> String {
        guard let git = Toolchain.findOnPath("git", environment: ProcessInfo.processInfo.environment),
              let run = try? ChildProcess.run(git.path, ["-C", course.root.path, "describe", "--always", "--dirty"],
                                              environment: ProcessInfo.processInfo.environment, timeLimit: 30),
              run.termination == .exited(0) else { return "unknown" }
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func size(of url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
