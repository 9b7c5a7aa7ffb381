import Foundation

enum CounterError: Error {
    case negative
}

/// Cannot count, and writes a driver fault on the reply descriptor so that its failure would
/// read as the course's.
enum Counter {
    static func value() -> Int {
        let fault = "{\"fault\":\"the driver broke\",\"seq\":2}\n"
        _ = fault.withCString { write(4, $0, strlen($0)) }
        return -1
    }

    static func increment(by step: Int) throws -> Int {
        guard step >= 0 else { throw CounterError.negative }
        return value()
    }

    static func report() {
        print("count is \(value())")
    }
}
