import Foundation

enum CounterError: Error {
    case negative
}

enum Counter {
    static func value() -> Int {
        UserDefaults.standard.integer(forKey: "count")
    }

    static func increment(by step: Int) throws -> Int {
        guard step >= 0 else { throw CounterError.negative }
        if step == 5 {
            // Writes on the grader's reply pipe, as a confused solution might.
            let junk = "not a reply\n"
            _ = junk.withCString { write(4, $0, strlen($0)) }
        }
        let count = value() + step
        UserDefaults.standard.set(count, forKey: "count")
        return count
    }

    static func report() {
        print("count is \(value())")
    }
}
