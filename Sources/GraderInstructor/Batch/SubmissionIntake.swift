import Foundation
import GraderCore

/// Copies a submission's learner files into a folder of the student's own, one subfolder per
/// exercise (`<lesson>/<exercise>/Solution.swift`), which is all the student's builds see.
///
/// A learner file is found by its place in the course layout: a path ending in
/// `<lesson>/<exercise>/<file>` (a course copy, `Exercises/` or not, wrapped in any folders) or
/// `<exercise>/<file>`. Every other file is ignored, whatever it is named: a submission cannot
/// replace a driver, a case file or a reference, which always come from the course. A missing
/// learner file is replaced by the course's starter.
struct SubmissionIntake: Sendable {
    var exercises: [Exercise]
    var limits = SubmissionFiles.Limits()

    /// The student's files, ready to build.
    struct Intake: Sendable {
        /// Exercise id → the folder holding that exercise's learner files.
        var folders: [String: URL]
        /// What the intake noticed, as sentences for ``StudentReport/notes``.
        var notes: [String]
        /// A hash of every learner file taken (starters included), by exercise and name.
        var hash: String
        /// Every learner file is the course's starter (nothing was changed or nothing was found).
        var isStarter: Bool
    }

    /// Takes `submission`'s learner files into `folder` (emptied first).
    /// - Throws: ``SubmissionReader/Problem`` when the submission cannot be read at all (a
    ///   broken archive); ``GraderError`` when the grader cannot write.
    func take(_ submission: Submission, into folder: URL) throws -> Intake {
        let fm = FileManager.default
        try? fm.removeItem(at: folder)
        let staging = folder.appendingPathComponent("unpacked")
        let files = folder.appendingPathComponent("files")
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            try fm.createDirectory(at: files, withIntermediateDirectories: true)
        } catch {
            throw GraderError.io("cannot create \(folder.path): \(error.localizedDescription)")
        }
        let reader = SubmissionReader(wanted: Set(exercises.flatMap(\.learnerFiles)), limits: limits)
        defer { try? fm.removeItem(at: staging) }
        let found = try reader.read(submission, staging: staging)
        return try place(found, into: files)
    }

    /// Places the found candidates (or starters) into `files`, one folder per exercise.
    func place(_ found: SubmissionFiles, into files: URL) throws -> Intake {
        var used = Set<String>()
        var notes = found.refused.map { "refused \($0)" }
        var folders: [String: URL] = [:]
        var material = Data()
        var missing: [String] = []
        var changed = 0
        for exercise in exercises {
            let destination = files.appendingPathComponent(exercise.id)
            try? FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            folders[exercise.id] = destination
            for (file, starter) in zip(exercise.learnerFiles, exercise.learnerSources) {
                let matches = Self.matches(found.candidates.keys, exercise: exercise, file: file)
                let source: URL
                if let chosen = matches.first {
                    used.formUnion(matches)
                    if matches.count > 1 {
                        notes.append("found \(matches.count) copies of \(exercise.id)/\(file); took \(chosen)")
                    }
                    source = found.candidates[chosen]!
                } else {
                    missing.append("\(exercise.id)/\(file)")
                    source = starter
                }
                guard let content = FileManager.default.contents(atPath: source.path) else {
                    throw GraderError.io("cannot read \(source.path)")
                }
                if content != FileManager.default.contents(atPath: starter.path) { changed += 1 }
                do {
                    try content.write(to: destination.appendingPathComponent(file))
                } catch {
                    throw GraderError.io("cannot write in \(destination.path): \(error.localizedDescription)")
                }
                material.append(Data("\(exercise.id)/\(file) \(content.count)\n".utf8))
                material.append(content)
            }
        }
        let total = exercises.reduce(0) { $0 + $1.learnerFiles.count }
        if missing.count == total {
            notes.append("no learner file was found: every exercise is graded as its starter")
        } else if !missing.isEmpty {
            notes.append("missing, graded as the starter: \(missing.joined(separator: ", "))")
        }
        if changed == 0, missing.count < total {
            notes.append("identical to the course's starter files: nothing was changed")
        }
        let ignored = (found.ignored + found.candidates.keys.filter { !used.contains($0) }).sorted()
        if !ignored.isEmpty {
            let shown = ignored.prefix(12).joined(separator: ", ")
            notes.append("ignored \(ignored.count) file\(ignored.count == 1 ? "" : "s") that \(ignored.count == 1 ? "is" : "are") not learner files: \(shown)\(ignored.count > 12 ? ", …" : "")")
        }
        return Intake(folders: folders, notes: notes, hash: ContentHash.hex(of: material), isStarter: changed == 0)
    }

    /// The candidates that are `exercise`'s `file`, shortest path first.
    static func matches(_ candidates: Dictionary<String, URL>.Keys, exercise: Exercise, file: String) -> [String] {
        let full = "\(exercise.lessonID)/\(exercise.slug)/\(file)"
        let short = "\(exercise.slug)/\(file)"
        return candidates.filter { path in
            path == full || path.hasSuffix("/" + full) || path == short || path.hasSuffix("/" + short)
        }.sorted { ($0.count, $0) < ($1.count, $1) }
    }
}
