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
            // Starts a grandchild in its own session, then hangs: the sandbox must end both.
            let sleeper = Process()
            sleeper.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
            sleeper.arguments = ["/usr/bin/sleep", "7777"]
            try? sleeper.run()
            while true { sleep(1) }
        }
        let count = value() + step
        UserDefaults.standard.set(count, forKey: "count")
        return count
    }

    static func report() {
        print("count is \(value())")
    }
}
