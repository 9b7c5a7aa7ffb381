import Foundation

/// The last result of each exercise, for `grader list`. Kept in `.grader/status.json`.
public struct StatusStore {
    let file: URL

    public init(workDirectory: URL) {
        file = workDirectory.appendingPathComponent("status.json")
    }

    public func load() -> [String: LastResult] {
        guard let data = FileManager.default.contents(atPath: file.path) else { return [:] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode([String: LastResult].self, from: data)) ?? [:]
    }

    /// Records `results`, keeping the entries of exercises not in them.
    public func record(_ results: [ExerciseResult], at date: Date = Date()) {
        var entries = load()
        for result in results {
            entries[result.id] = LastResult(status: result.status, casesPassed: result.casesPassed,
                                       casesTotal: result.casesTotal, checkedAt: date, casesHash: result.casesHash)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .iso8601
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? encoder.encode(entries).write(to: file, options: .atomic)
    }
}
