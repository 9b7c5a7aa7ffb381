import Foundation

/// `handout.json`: what `grader pack --student` wrote at the top of a student handout, and how
/// the grader knows that the course it opened is one (Docs/handout.md).
///
/// A handout has no `Reference/` folders: each exercise's learner files are listed here, and
/// its reference is a compiled binary the grader runs wherever it would build the reference
/// from sources. The hashes let a student's grader notice an edited case file, and an
/// instructor tell whether a student's result was graded with the cases handed out.
public struct HandoutManifest: Codable, Sendable, Equatable {
    public static let fileName = "handout.json"
    /// The folder of a handout that keeps a copy of each starter: `Starters/<exercise id>/<file>`.
    public static let startersFolder = "Starters"
    /// The format this grader writes and reads; a change that breaks readers increments it.
    public static let currentFormat = 1

    public var format = HandoutManifest.currentFormat
    /// Always `student`: the only kind of handout so far.
    public var kind = "student"
    /// The course's title, from `grader.yml`.
    public var course: String
    /// When the handout was packed (ISO 8601, UTC).
    public var packedAt: String
    /// The grader that packed it: `git describe` of the instructor's course, or `unknown`.
    public var graderVersion: String
    /// The compiler that built the reference binaries (`swiftc --version`'s first line).
    public var swiftVersion: String
    /// Where the reference binaries run, such as `x86_64-linux`: they are machine code.
    public var platform: String
    /// How the reference binaries get the Swift runtime: `shared` (the student's toolchain's,
    /// which must be the release `swiftVersion` names) or `embedded` (linked in; handouts
    /// packed before this key existed).
    public var runtime: String? = nil
    public static let sharedRuntime = "shared"
    public static let embeddedRuntime = "embedded"
    public var exercises: [Entry]

    /// One exercise as handed out.
    public struct Entry: Codable, Sendable, Equatable {
        /// `lesson/exercise`.
        public var id: String
        /// The files the learner writes (the names of the instructor's `Reference/` files).
        public var learnerFiles: [String]
        /// SHA-256 of the handout's `exercise.yml` (its visible cases), as results record it.
        public var casesHash: String
        /// The cases the handout's `exercise.yml` holds, and those left out (hidden).
        public var visibleCases: Int
        public var hiddenCases: Int
        /// SHA-256 of `Driver.swift`.
        public var driverHash: String
        /// The reference binary, relative to the handout's root, and its SHA-256.
        public var referenceBinary: String
        public var referenceHash: String
        /// SHA-256 of each learner file's starter, by file name, kept in `Starters/<id>/` for
        /// `grader reset` (absent in handouts packed before it).
        public var starterHashes: [String: String]? = nil

        enum CodingKeys: String, CodingKey {
            case id
            case learnerFiles = "learner_files"
            case casesHash = "cases_hash"
            case visibleCases = "visible_cases"
            case hiddenCases = "hidden_cases"
            case driverHash = "driver_hash"
            case referenceBinary = "reference_binary"
            case referenceHash = "reference_hash"
            case starterHashes = "starter_hashes"
        }
    }

    enum CodingKeys: String, CodingKey {
        case format, kind, course, platform, runtime, exercises
        case packedAt = "packed_at"
        case graderVersion = "grader_version"
        case swiftVersion = "swift_version"
    }

    public init(course: String, packedAt: String, graderVersion: String, swiftVersion: String,
                platform: String = HandoutManifest.currentPlatform, exercises: [Entry]) {
        self.course = course
        self.packedAt = packedAt
        self.graderVersion = graderVersion
        self.swiftVersion = swiftVersion
        self.platform = platform
        self.exercises = exercises
    }

    /// This machine's processor and system, as the manifest names a platform.
    public static var currentPlatform: String {
        #if arch(x86_64)
        let machine = "x86_64"
        #elseif arch(arm64)
        let machine = "aarch64"
        #else
        let machine = "unknown"
        #endif
        #if os(Linux)
        return "\(machine)-linux"
        #elseif os(macOS)
        return "\(machine)-macos"
        #else
        return "\(machine)-unknown"
        #endif
    }

    /// Whether the course at `root` is a handout.
    public static func isHandout(root: URL) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(fileName).path)
    }

    /// Reads `handout.json` at `root`; nil when there is none (an instructor's course).
    ///
    /// JSON is YAML, so the file is read with the course's YAML reader: a damaged manifest is
    /// reported with its line, column and field like any course file.
    /// - Throws: ``CourseProblem`` when the file cannot be read or says something impossible,
    ///   its message ending in what a student can do about it.
    static func load(root: URL) throws -> HandoutManifest? {
        let url = root.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try read(url)
        } catch var problem as CourseProblem {
            problem.message += ". This handout's manifest is damaged: ask your instructor for a fresh copy of the handout"
            throw problem
        }
    }

    private static func read(_ url: URL) throws -> HandoutManifest {
        let document = try YAMLDocument(contentsOf: url, displayPath: fileName)
        let manifest = try document.decode(HandoutManifest.self)
        if manifest.format != currentFormat {
            throw document.problem(at: [CodingKeys.format],
                                   "format \(manifest.format) is not supported; this grader reads format \(currentFormat). Use the grader that came with the handout")
        }
        var seen = Set<String>()
        for (index, entry) in manifest.exercises.enumerated() {
            let path: [CodingKey] = [CodingKeys.exercises, AnyCodingKey(index)]
            if !seen.insert(entry.id).inserted {
                throw document.problem(at: path + [Entry.CodingKeys.id], "the exercise '\(entry.id)' is listed twice")
            }
            if !isInside(entry.referenceBinary) {
                throw document.problem(at: path + [Entry.CodingKeys.referenceBinary], "not a path inside the handout")
            }
            if entry.learnerFiles.isEmpty || entry.learnerFiles.contains(where: { $0.isEmpty || $0.contains("/") || $0.hasPrefix(".") }) {
                throw document.problem(at: path + [Entry.CodingKeys.learnerFiles], "list the learner's file names, such as Solution.swift")
            }
        }
        return manifest
    }

    /// A file of a handout's exercise that is no longer the file handed out.
    public struct ChangedFile: Sendable, Equatable {
        /// `lesson/exercise`.
        public var exercise: String
        /// The file, relative to the handout's root.
        public var path: String
        /// SHA-256 of the file handed out, and of the file as it is now.
        public var handedOut: String
        public var now: String
    }

    /// The case files and drivers of `exercises` that differ from those handed out: a result
    /// graded with changed cases records a hash the instructor does not expect.
    public func changedFiles(of exercises: [Exercise]) -> [ChangedFile] {
        exercises.flatMap { exercise -> [ChangedFile] in
            guard let entry = entry(exercise.id) else { return [] }
            var changed: [ChangedFile] = []
            if let hash = exercise.casesHash, hash != entry.casesHash {
                changed.append(ChangedFile(exercise: exercise.id, path: "\(exercise.displayPath)/exercise.yml",
                                           handedOut: entry.casesHash, now: hash))
            }
            let driver = (try? SHA256.hex(ofFile: exercise.driverURL)) ?? "missing"
            if driver != entry.driverHash {
                changed.append(ChangedFile(exercise: exercise.id, path: "\(exercise.displayPath)/Driver.swift",
                                           handedOut: entry.driverHash, now: driver))
            }
            return changed
        }
    }

    /// The entry of the exercise `id`, if the handout has it.
    public func entry(_ id: String) -> Entry? {
        exercises.first { $0.id == id }
    }

    /// A relative path that stays inside the folder it is relative to.
    static func isInside(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.isEmpty && !path.hasPrefix("/") && !components.contains("..") && !components.contains("")
    }
}
