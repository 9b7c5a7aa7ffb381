import Foundation

/// `grader reset`: puts an exercise's learner files back to their starters, after copying the
/// learner's files to `.grader/backups/<exercise id>/<time>/`, and forgets its result.
public struct ExerciseReset {
    public let root: URL
    public let starters: StarterSource

    public init(root: URL, starters: StarterSource) {
        self.root = root
        self.starters = starters
    }

    /// What one reset did.
    public struct Outcome: Sendable {
        public var exercise: String
        /// The learner files put back, relative to the course's root.
        public var restored: [String]
        /// The folder that holds the learner's files as they were, relative to the course's
        /// root; nil when nothing differed from the starters, so nothing was reset.
        public var backup: String?
    }

    /// Resets `exercise` when a learner file differs from its starter.
    /// - Throws: ``GraderError/io(_:)`` when a starter cannot be had or a file cannot be written;
    ///   the learner's files are copied before any is replaced.
    public func reset(_ exercise: Exercise, at date: Date = Date()) throws -> Outcome {
        var startersByName: [(String, Data)] = []
        for name in exercise.learnerFiles {
            startersByName.append((name, try starters.starter(of: exercise, file: name)))
        }
        let changed = startersByName.filter { name, starter in
            FileManager.default.contents(atPath: exercise.directory.appendingPathComponent(name).path) != starter
        }
        guard !changed.isEmpty else { return Outcome(exercise: exercise.id, restored: [], backup: nil) }
        let backup = backupFolder(for: exercise, at: date)
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: root.appendingPathComponent(backup), withIntermediateDirectories: true)
            for (name, _) in changed where fm.fileExists(atPath: exercise.directory.appendingPathComponent(name).path) {
                try fm.copyItem(at: exercise.directory.appendingPathComponent(name),
                                to: root.appendingPathComponent(backup).appendingPathComponent(name))
            }
            for (name, starter) in changed {
                try starter.write(to: exercise.directory.appendingPathComponent(name), options: .atomic)
            }
        } catch {
            throw GraderError.io("cannot reset \(exercise.displayPath): \(error.localizedDescription)")
        }
        try CourseProgress.update(root: root) { $0.forgetResult(exercise.id) }
        return Outcome(exercise: exercise.id, restored: changed.map { "\(exercise.displayPath)/\($0.0)" }, backup: backup)
    }

    /// `.grader/backups/<exercise id>/<UTC time>`, with a number added when that folder exists.
    private func backupFolder(for exercise: Exercise, at date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let base = ".grader/backups/\(exercise.id)/\(formatter.string(from: date))"
        var folder = base
        var number = 2
        while FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path) {
            folder = "\(base)-\(number)"
            number += 1
        }
        return folder
    }
}
