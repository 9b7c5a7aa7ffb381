import Foundation

/// How many hints of each exercise the learner has asked for, in `.grader/hints.json`.
public struct HintProgress {
    let file: URL

    public init(workDirectory: URL) {
        file = workDirectory.appendingPathComponent("hints.json")
    }

    /// Reveals one more hint of `exercise`; returns how many are now shown.
    public func reveal(_ exercise: String, available: Int) -> Int {
        var counts = (FileManager.default.contents(atPath: file.path))
            .flatMap { try? JSONDecoder().decode([String: Int].self, from: $0) } ?? [:]
        let shown = min(available, (counts[exercise] ?? 0) + 1)
        counts[exercise] = shown
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? JSONEncoder().encode(counts).write(to: file, options: .atomic)
        return shown
    }
}
