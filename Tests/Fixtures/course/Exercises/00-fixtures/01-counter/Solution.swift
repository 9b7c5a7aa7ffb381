import Foundation

enum CounterError: Error {
    case negative
}

enum Counter {
    static func value() -> Int {
        -1 // TODO: read the count
    }

    static func increment(by step: Int) throws -> Int {
        0 // TODO
    }

    static func report() {
        // TODO
    }
}
