import Foundation

enum CounterError: Error {
    case negative
}

/// Keeps the count in memory after the first read, and forgets to refresh it when incrementing:
/// right after every relaunch, wrong after `value`, `increment`, `value` in one launch.
enum Counter {
    nonisolated(unsafe) private static var cached: Int?

    static func value() -> Int {
        if let cached { return cached }
        let count = UserDefaults.standard.integer(forKey: "count")
        cached = count
        return count
    }

    static func increment(by step: Int) throws -> Int {
        guard step >= 0 else { throw CounterError.negative }
        let count = UserDefaults.standard.integer(forKey: "count") + step
        UserDefaults.standard.set(count, forKey: "count")
        return count
    }

    static func report() {
        print("count is \(value())")
    }
}
