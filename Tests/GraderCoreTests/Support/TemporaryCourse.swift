import Foundation

/// A course written into a fresh temporary folder, removed when the test ends.
final class TemporaryCourse {
    let root: URL

    init(files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("course-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    /// A copy of `Tests/Fixtures/course`, without any `.grader/` or `progress.json` a local run left there, so
    /// that every test starts as on a fresh clone.
    static func fixture() throws -> TemporaryCourse {
        let course = try TemporaryCourse()
        try FileManager.default.removeItem(at: course.root)
        try FileManager.default.copyItem(at: Fixtures.course, to: course.root)
        try? FileManager.default.removeItem(at: course.root.appendingPathComponent(".grader"))
        try? FileManager.default.removeItem(at: course.root.appendingPathComponent("progress.json"))
        return course
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }
}

enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let course = directory.appendingPathComponent("course")
    static let submissions = directory.appendingPathComponent("submissions")

    static func submission(_ name: String) throws -> String {
        try String(contentsOf: submissions.appendingPathComponent("\(name).swift"), encoding: .utf8)
    }
}

extension TemporaryCourse {
    /// Makes the course a git repository with everything committed, as an instructor's
    /// course is (its committed learner files are the starters).
    func commitToGit() throws {
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "course"]] {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            git.arguments = arguments
            git.currentDirectoryURL = root
            git.standardOutput = FileHandle.nullDevice
            try git.run()
            git.waitUntilExit()
            guard git.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }

    func read(_ path: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(path))
    }
}
