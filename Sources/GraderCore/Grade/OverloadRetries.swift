import Foundation

/// What a case's attempts ran again because they ran out of time on an overloaded machine
/// (``CaseAttempt``), for the case's result to say so. Shared by the attempts of one case,
/// which may run at once on the pool.
final class OverloadRetries: @unchecked Sendable {
    private let lock = NSLock()
    private var notes: [String] = []

    func record(_ note: String) {
        lock.lock()
        defer { lock.unlock() }
        notes.append(note)
    }

    /// One line for the case: the first retry's reason, and how many runs were retried.
    var summary: String? {
        lock.lock()
        defer { lock.unlock() }
        guard let first = notes.first else { return nil }
        return notes.count == 1 ? first : "\(first) (\(notes.count) runs of this case were run again)"
    }
}
