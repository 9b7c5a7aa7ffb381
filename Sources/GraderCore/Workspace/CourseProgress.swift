import Foundation

/// The learner's progress through the course, in `progress.json` at the course's root: per
/// exercise, the last result and the SHA-256 of the learner files it was graded with, the hints
/// revealed, and whether it was skipped. It is a file the learner can commit, so progress
/// survives a fresh clone; `.grader/` holds only caches (Docs/progress.md).
///
/// The file is stable: keys sorted, fields with nothing to say left out, and a result that
/// says again what the file already records (same status, cases and files) keeps its date, so
/// checking an unchanged exercise leaves the file byte for byte as it was.
public struct CourseProgress: Codable, Sendable, Equatable {
    public static let fileName = "progress.json"
    /// The format this grader writes and reads; a change that breaks readers increments it.
    public static let currentFormat = 1

    public var format = CourseProgress.currentFormat
    /// By exercise id (`lesson/exercise`).
    public internal(set) var exercises: [String: Entry] = [:]

    /// One exercise's progress. Every field is optional: an exercise whose hint was shown but
    /// never checked has only `hints`.
    public struct Entry: Codable, Sendable, Equatable {
        public var status: ExerciseStatus?
        public var casesPassed: Int?
        public var casesTotal: Int?
        /// SHA-256 of the case file the result was graded with.
        public var casesHash: String?
        /// SHA-256 of each learner file the result was graded with, by file name (what
        /// `sha256sum Solution.swift` prints); `missing` for a file that was not there.
        public var files: [String: String]?
        /// When the result was first obtained (ISO 8601, UTC).
        public var checkedAt: String?
        /// How many hints were revealed.
        public var hints: Int?
        /// Set by `grader skip`, cleared by a pass.
        public var skipped: Bool?

        enum CodingKeys: String, CodingKey {
            case status, files, hints, skipped
            case casesPassed = "cases_passed"
            case casesTotal = "cases_total"
            case casesHash = "cases_hash"
            case checkedAt = "checked_at"
        }

        var isEmpty: Bool { self == Entry() }
    }

    enum CodingKeys: String, CodingKey {
        case format, exercises
    }

    public init() {}

    // MARK: Reading

    /// Where the learner stands on `id`, given the hashes of its learner files now
    /// (``fileHashes(of:)``).
    public func state(of id: String, currentFiles: [String: String]) -> ExerciseState {
        guard let entry = exercises[id] else { return ExerciseState() }
        var last: LastResult?
        if let status = entry.status {
            let date = entry.checkedAt.flatMap { ISO8601DateFormatter().date(from: $0) } ?? Date(timeIntervalSince1970: 0)
            last = LastResult(status: status, casesPassed: entry.casesPassed ?? 0, casesTotal: entry.casesTotal ?? 0,
                              checkedAt: date, casesHash: entry.casesHash)
        }
        // A result imported from an older grader recorded no files: it cannot be told edited.
        let edited = last != nil && entry.files.map { $0 != currentFiles } == true
        return ExerciseState(last: last, edited: edited, skipped: entry.skipped == true)
    }

    /// Whether `id` passed with the learner files whose hashes are `currentFiles`.
    public func isPassed(_ id: String, currentFiles: [String: String]) -> Bool {
        state(of: id, currentFiles: currentFiles).done
    }

    public func isSkipped(_ id: String) -> Bool { exercises[id]?.skipped == true }

    /// How many hints of `id` were revealed.
    public func hintsRevealed(_ id: String) -> Int { exercises[id]?.hints ?? 0 }

    /// Whether any exercise was checked or skipped.
    public var hasStarted: Bool { exercises.values.contains { $0.status != nil || $0.skipped == true } }

    /// The first of `exercises` (in course order) neither passed with its current files nor skipped.
    public func next(among exercises: [Exercise]) -> Exercise? {
        exercises.first { !isSkipped($0.id) && !isPassed($0.id, currentFiles: Self.fileHashes(of: $0)) }
    }

    /// SHA-256 of each of the exercise's learner files as they are now, by file name.
    public static func fileHashes(of exercise: Exercise) -> [String: String] {
        Dictionary(uniqueKeysWithValues: exercise.learnerFiles.map { name in
            (name, (try? SHA256.hex(ofFile: exercise.directory.appendingPathComponent(name))) ?? "missing")
        })
    }

    // MARK: Changing

    /// Records `results`, graded with the learner files whose hashes `files` gives by exercise id.
    /// A pass clears the exercise's skip.
    public mutating func record(_ results: [ExerciseResult], files: [String: [String: String]], at date: Date = Date()) {
        for result in results {
            var entry = exercises[result.id] ?? Entry()
            let before = entry
            entry.status = result.status
            entry.casesPassed = result.casesPassed
            entry.casesTotal = result.casesTotal
            entry.casesHash = result.casesHash
            entry.files = files[result.id]
            if entry != before || entry.checkedAt == nil {
                entry.checkedAt = ISO8601DateFormatter().string(from: date)
            }
            if result.status == .passed { entry.skipped = nil }
            exercises[result.id] = entry
        }
    }

    /// Marks `id` skipped: `grader next` moves on.
    public mutating func skip(_ id: String) {
        exercises[id, default: Entry()].skipped = true
    }

    /// Forgets `id`'s result and skip (`grader reset`); the hints revealed stay revealed.
    public mutating func forgetResult(_ id: String) {
        guard var entry = exercises[id] else { return }
        entry = Entry(hints: entry.hints)
        exercises[id] = entry.isEmpty ? nil : entry
    }

    /// Reveals one more hint of `id`; returns how many are now shown.
    public mutating func revealHint(_ id: String, available: Int) -> Int {
        let shown = min(available, hintsRevealed(id) + 1)
        if shown > 0 { exercises[id, default: Entry()].hints = shown }
        return shown
    }
}

extension CourseProgress {
    /// Where the learner stands on each of `exercises`, by id, their files hashed now.
    public func states(of exercises: [Exercise]) -> [String: ExerciseState] {
        Dictionary(exercises.map { ($0.id, state(of: $0.id, currentFiles: Self.fileHashes(of: $0))) },
                   uniquingKeysWith: { first, _ in first })
    }

}

extension CourseProgress {
    /// Whether the course at `root` is untouched: nothing checked or skipped, and every
    /// learner file of `exercises` its starter. False when a starter cannot be had.
    public static func isUntouched(root: URL, handout: HandoutManifest?, exercises: [Exercise]) throws -> Bool {
        guard try !load(root: root).hasStarted else { return false }
        let starters = StarterSource(root: root, handout: handout)
        do {
            return try exercises.allSatisfy { try starters.editedFiles(of: $0).isEmpty }
        } catch {
            return false
        }
    }
}
