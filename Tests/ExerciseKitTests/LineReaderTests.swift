import Foundation
import Testing
@testable import ExerciseKit

/// The driver's reader of requests, on a real pipe fed by another thread.
struct LineReaderTests {
    /// The lines `LineReader` reads from a pipe into which `bytes` are written, then closed.
    private func lines(of bytes: Data) -> [Data] {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        DispatchQueue.global().async {
            writer.write(bytes)
            try? writer.close()
        }
        var reader = LineReader(fd: pipe.fileHandleForReading.fileDescriptor)
        var lines: [Data] = []
        while let line = reader.next() { lines.append(line) }
        return lines
    }

    @Test func aFiftyMegabyteLineArrivesWhole() {
        // It arrives in 800 reads; each byte is searched for a newline once.
        let long = Data(repeating: UInt8(ascii: "x"), count: 50 << 20)
        let read = lines(of: Data("first\n".utf8) + long + Data("\nlast".utf8))
        #expect(read.count == 3)
        #expect(read.first == Data("first".utf8))
        #expect(read.dropFirst().first == long)
        #expect(read.last == Data("last".utf8), "a last line without its newline is a line too")
    }

    @Test func manyShortLinesKeepTheirOrder() {
        let text = (0..<100_000).map { "line \($0)\n" }.joined()
        let read = lines(of: Data(text.utf8))
        #expect(read.count == 100_000)
        #expect(read.enumerated().allSatisfy { $0.element == Data("line \($0.offset)".utf8) })
        #expect(lines(of: Data()).isEmpty)
        #expect(lines(of: Data("\n\n".utf8)) == [Data(), Data()])
    }

    @Test func numberTypesOfALongListAreRestoredInOnePass() {
        // 100,000 whole Doubles: one pointer each, restored by one walk of the value.
        let value = JSONValue.array((0..<100_000).map { .double(Double($0)) })
        let pointers = NumberTypes.doublePointers(in: value)
        #expect(pointers.count == 100_000)
        let integers = JSONValue.array((0..<100_000).map { .int($0) })
        #expect(NumberTypes.restoring(pointers, in: integers) == value)
    }
}
