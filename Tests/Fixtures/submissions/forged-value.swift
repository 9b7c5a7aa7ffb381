import Foundation

enum CounterError: Error {
    case negative
}

/// Counts wrong (one too many) and hides it: before answering, it writes the right answer on
/// the driver's reply descriptor, guessing the request's number.
enum Counter {
    static func value() -> Int {
        UserDefaults.standard.integer(forKey: "count")
    }

    static func increment(by step: Int) throws -> Int {
        guard step >= 0 else { throw CounterError.negative }
        let count = value() + step
        let forged = "{\"seq\":2,\"value\":\(count)}\n"
        _ = forged.withCString { write(4, $0, strlen($0)) }
        UserDefaults.standard.set(count + 1, forKey: "count")
        return count + 1
    }

    static func report() {
        print("count is \(value())")
    }
}
