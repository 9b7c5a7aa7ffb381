import Foundation

/// Reading and writing `progress.json`.
extension CourseProgress {
    /// `progress.json` in the course at `root`.
    public static func url(root: URL) -> URL { root.appendingPathComponent(fileName) }

    /// Reads the progress of the course at `root`. Without `progress.json`, what an older grader
    /// kept in `.grader/status.json` and `.grader/hints.json` (results without file hashes).
    /// - Throws: ``GraderError/io(_:)`` when `progress.json` is there but cannot be read, saying
    ///   how to repair it.
    public static func load(root: URL) throws -> CourseProgress {
        let url = url(root: root)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return legacy(workDirectory: root.appendingPathComponent(".grader"))
        }
        let progress: CourseProgress
        do {
            progress = try JSONDecoder().decode(CourseProgress.self, from: data)
        } catch {
            throw GraderError.io("\(fileName) cannot be read (\(Self.describe(error))). "
                + "Repair it (`git checkout -- \(fileName)` restores the last one you committed), or delete it to start your progress afresh")
        }
        guard progress.format == currentFormat else {
            throw GraderError.io("\(fileName) has format \(progress.format); this grader reads format \(currentFormat). Use the grader that wrote it")
        }
        return progress
    }

    /// Loads the progress of the course at `root`, lets `change` alter it and writes it back,
    /// with other graders of this course kept out meanwhile (a lock in `.grader/`).
    @discardableResult
    public static func update<T>(root: URL, _ change: (inout CourseProgress) throws -> T) throws -> T {
        let work = root.appendingPathComponent(".grader")
        try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let lock = open(work.appendingPathComponent("progress.lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        if lock >= 0 { flock(lock, LOCK_EX) }
        defer { if lock >= 0 { close(lock) } }
        var progress = try load(root: root)
        let value = try change(&progress)
        try progress.save(root: root)
        return value
    }

    /// The file's bytes: sorted keys, two-space indentation, a final newline.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Writes `progress.json`, only when its bytes change.
    public func save(root: URL) throws {
        let url = Self.url(root: root)
        let data = try encoded()
        if FileManager.default.contents(atPath: url.path) == data { return }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw GraderError.io("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    /// What an older grader kept in `.grader/`: `status.json` (last results) and `hints.json`.
    static func legacy(workDirectory: URL) -> CourseProgress {
        var progress = CourseProgress()
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let statuses = FileManager.default.contents(atPath: workDirectory.appendingPathComponent("status.json").path)
            .flatMap { try? decoder.decode([String: LastResult].self, from: $0) } ?? [:]
        for (id, last) in statuses {
            progress.exercises[id, default: Entry()].status = last.status
            progress.exercises[id]?.casesPassed = last.casesPassed
            progress.exercises[id]?.casesTotal = last.casesTotal
            progress.exercises[id]?.casesHash = last.casesHash
            progress.exercises[id]?.checkedAt = ISO8601DateFormatter().string(from: last.checkedAt)
        }
        let hints = FileManager.default.contents(atPath: workDirectory.appendingPathComponent("hints.json").path)
            .flatMap { try? JSONDecoder().decode([String: Int].self, from: $0) } ?? [:]
        for (id, count) in hints where count > 0 {
            progress.exercises[id, default: Entry()].hints = count
        }
        return progress
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return "not JSON: \(context.debugDescription)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, _): return "no \(key.stringValue)"
        default: return "\(error)"
        }
    }
}
