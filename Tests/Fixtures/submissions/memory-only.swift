import Foundation

enum CounterError: Error {
    case negative
}

/// Keeps the count in memory only: right until the app is relaunched.
enum Counter {
    static var count = 0

    static func value() -> Int { count }

    static func increment(by step: Int) throws -> Int {
        guard step >= 0 else { throw CounterError.negative }
        count += step
        return count
    }

    static func report() {
        print("count is \(value())")
    }
}
