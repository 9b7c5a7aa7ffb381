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
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("log.bin")
            try Data(count: 2 << 20).write(to: log)
        }
        let count = value() + step
        UserDefaults.standard.set(count, forKey: "count")
        return count
    }

    static func report() {
        print("count is \(value())")
    }
}
