import Foundation

/// The values each numeric field of `grader.yml` and `exercise.yml` may take: finite, within
/// what its type holds, and sensible for a course that many machines run. A value outside is a
/// problem located at its field, found when the file is loaded, so that no later part of the
/// grader (the sandbox's `prlimit` arguments, a report's sums) ever sees it.
///
/// The bounds are fixed rather than read from the machine (its memory, say): the same course is
/// loaded on an author's laptop, in CI and on an instructor's server, and it must mean the same
/// everywhere. `Exercises/README.md` lists them.
enum FieldBounds {
    /// Wall clock per launch. Below 100 ms not even Foundation starts; over an hour no
    /// exercise means it, and a batch multiplies it by every case of every student.
    static let timeLimit = Bound(0.1...3600, "between 100ms and 3600s (an hour)")
    /// A performance case's floor for one call.
    static let timeoutFloor = Bound(0.001...3600, "between 1ms and 3600s (an hour)")
    /// `timeout: 10x`: the factor applied to the reference's time.
    static let timeoutFactor = Bound(1.0...1000, "a factor between 1x and 1000x")
    /// Address space per process: a Foundation program that encodes JSON needs about 70 MiB
    /// (measured on Linux with Swift 6.3; one more thread about 93 MiB), and a terabyte is
    /// far above what any exercise reserves, and well within what `prlimit` takes.
    static let memory = Bound((64 << 20)...(1 << 40), "between 64MiB and 1TiB")
    /// Standard output plus error of one launch.
    static let outputLimit = Bound((1 << 10)...(1 << 30), "between 1KiB and 1GiB")
    /// The largest file one launch may write.
    static let fileSize = Bound((1 << 10)...(1 << 40), "between 1KiB and 1TiB")
    /// The size bounds of a container check.
    static let containerSize = Bound(1...(1 << 40), "between 1B and 1TiB")
    /// An exercise's points: a class's totals add them up, so they stay small.
    static let points = Bound(0...10_000, "a whole number between 0 and 10000")
    /// A case's or an exploration's weight.
    static let weight = Bound(Double.leastNonzeroMagnitude...1000, "a positive number, at most 1000")
    /// SQLite's `PRAGMA user_version` is a signed 32-bit integer.
    static let userVersion = Bound(Int(Int32.min)...Int(Int32.max), "a 32-bit integer, as SQLite keeps it")

    /// A closed range with the words that say it, for the problem's message.
    struct Bound<Value: Comparable> {
        var range: ClosedRange<Value>
        var words: String

        init(_ range: ClosedRange<Value>, _ words: String) {
            self.range = range
            self.words = words
        }

        /// Nil when `value` is within the bound; otherwise what to write instead. `written` is
        /// the value as the author wrote it, quoted in the message.
        func problem(_ value: Value, written: String) -> String? {
            range.contains(value) ? nil : "'\(written)' is out of range: \(words)"
        }
    }
}

extension FieldBounds.Bound where Value == Double {
    /// As ``problem(_:written:)``, and NaN is out of every range.
    func problem(_ value: Double) -> String? {
        value.isFinite && range.contains(value) ? nil : "'\(value)' is out of range: \(words)"
    }
}

extension Decoder {
    /// Throws, located at `key`, when `message` is not nil.
    func check<Key: CodingKey>(_ message: String?, at key: Key) throws {
        if let message {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: message))
        }
    }
}
