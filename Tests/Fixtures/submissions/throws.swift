import Foundation

enum CounterError: Error {
    case negative
}

enum Counter {
    static func value() -> Int {
        UserDefaults.standard.integer(forKey: "count")
    }

    static func increment(by step: Int) throws -> Int {
        guard step >= 0 else { return 0 }
        if step == 5 { throw CounterError.negative }
        let count = value() + step
        UserDefaults.standard.set(count, forKey: "count")
        return count
    }

    static func report() {
        print("count is \(value())")
    }
}
