import Foundation

/// Where the starters of a course's learner files come from (`grader reset`, and the welcome of
/// an untouched course): in a student handout, the copies `grader pack --student` keeps in
/// `Starters/` with their hashes in `handout.json`; in the instructor's course, the learner
/// file as the course's last commit has it (`git show HEAD:…`), which `verify` also takes as
/// the starter.
public enum StarterSource: Sendable {
    case handout(root: URL, manifest: HandoutManifest)
    case git(root: URL)

    public init(root: URL, handout: HandoutManifest?) {
        self = handout.map { .handout(root: root, manifest: $0) } ?? .git(root: root)
    }

    /// The starter of `exercise`'s learner file `name`, byte for byte.
    /// - Throws: ``GraderError/io(_:)`` saying why there is none to be had.
    public func starter(of exercise: Exercise, file name: String) throws -> Data {
        switch self {
        case .handout(let root, let manifest):
            let path = "\(HandoutManifest.startersFolder)/\(exercise.id)/\(name)"
            guard let expected = manifest.entry(exercise.id)?.starterHashes?[name] else {
                throw GraderError.io("this handout keeps no starter of \(exercise.displayPath)/\(name) (it was packed by an older grader); ask your instructor for a fresh copy of the handout")
            }
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path),
                  SHA256.hex(of: data) == expected else {
                throw GraderError.io("\(path) is missing or not the starter handed out; ask your instructor for a fresh copy of the handout")
            }
            return data
        case .git:
            return try Self.committed(exercise, name)
        }
    }

    /// The learner files of `exercise` that differ from their starters.
    /// - Throws: when a starter cannot be had (no git, or the file is not committed).
    public func editedFiles(of exercise: Exercise) throws -> [String] {
        try exercise.learnerFiles.filter { name in
            let now = FileManager.default.contents(atPath: exercise.directory.appendingPathComponent(name).path)
            switch self {
            case .handout(_, let manifest):
                guard let expected = manifest.entry(exercise.id)?.starterHashes?[name] else {
                    throw GraderError.io("this handout keeps no starter of \(exercise.displayPath)/\(name)")
                }
                return now.map(SHA256.hex(of:)) != expected
            case .git:
                return try now != Self.committed(exercise, name)
            }
        }
    }

    /// `git show HEAD:./NAME` in the exercise's folder.
    private static func committed(_ exercise: Exercise, _ name: String) throws -> Data {
        let path = "\(exercise.displayPath)/\(name)"
        guard let git = ["/usr/bin/git", "/bin/git", "/usr/local/bin/git"].first(where: FileManager.default.isExecutableFile) else {
            throw GraderError.io("the starter of \(path) is the course's last commit of it, and git is not installed")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["-C", exercise.directory.path, "show", "HEAD:./\(name)"]
        process.environment = ["PATH": "/usr/bin:/bin", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw GraderError.io("cannot run git: \(error.localizedDescription)")
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GraderError.io("the starter of \(path) is the course's last commit of it, and git has none "
                + "(the course is not a git clone, or the file was never committed)")
        }
        return data
    }
}
