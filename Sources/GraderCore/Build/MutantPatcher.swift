import Foundation

/// Turns a mutant patch into source files: a copy of the reference with the patch applied.
///
/// A mutant is kept as a unified diff against `Reference/` (`diff -u`, paths `a/File.swift` and
/// `b/File.swift`), so that it stays a one-bug variant of the current reference: when the
/// reference changes under it, the patch stops applying and `grader verify` says so.
struct MutantPatcher {
    /// Where patched copies are written (`.grader/mutants`).
    let directory: URL

    /// The reference's files with the mutant `name`'s patch applied, named as the learner's files.
    /// - Throws: ``CourseProblem`` when the patch does not apply; ``GraderError`` when `patch`
    ///   is missing or the files cannot be written.
    func sources(ofMutant name: String, patch: URL, exercise: Exercise) throws -> [URL] {
        guard let tool = Toolchain.findOnPath("patch", environment: ProcessInfo.processInfo.environment) else {
            throw GraderError.missingTool("patch", hint: "run Scripts/setup.sh (it installs it)")
        }
        let folder = directory.appendingPathComponent(exercise.id.replacingOccurrences(of: "/", with: "_"))
            .appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in exercise.learnerFiles {
                try fm.copyItem(at: exercise.referenceDirectory.appendingPathComponent(name),
                                to: folder.appendingPathComponent(name))
            }
        } catch {
            throw GraderError.io("cannot prepare the mutant \(name) in \(folder.path): \(error.localizedDescription)")
        }
        let arguments = ["-p1", "--batch", "--silent", "--no-backup-if-mismatch", "-r", "-", "-d", folder.path, "-i", patch.path]
        let run = try ChildProcess.run(tool.path, arguments, environment: ProcessInfo.processInfo.environment, timeLimit: 30)
        guard run.termination == .exited(0) else {
            try? fm.removeItem(at: folder)
            let output = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
            throw CourseProblem(
                file: "\(exercise.displayPath)/Mutants/\(patch.lastPathComponent)",
                message: "does not apply to the reference (\(output.isEmpty ? "patch failed" : output)); rewrite the bug in a copy of the reference and regenerate the patch with diff -u")
        }
        return exercise.learnerFiles.map { folder.appendingPathComponent($0) }
    }
}
