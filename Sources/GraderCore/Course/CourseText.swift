import Foundation

/// A course file's text (`grader.yml`, an `exercise.yml`, a lesson), read with the checks every
/// course file gets, each a problem with its line and column: UTF-8 throughout, and at most
/// ``sizeLimit`` bytes, so that a runaway file costs neither minutes nor the machine's memory.
struct CourseText {
    /// The largest course file read: the largest of the course today is about 40 KB (a lesson).
    static let sizeLimit = 4 << 20

    let bytes: Data
    let text: String
    /// The path shown in problems, relative to the course root.
    let displayPath: String

    /// Reads `url`, shown as `displayPath` in problems.
    /// - Throws: ``CourseProblem`` when the file cannot be read, is too large or is not UTF-8.
    init(contentsOf url: URL, displayPath: String) throws {
        self.displayPath = displayPath
        do {
            bytes = try Data(contentsOf: url)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
            throw CourseProblem(file: displayPath, message: "cannot read the file (\(reason)); check that it exists and is a file")
        }
        if bytes.count > Self.sizeLimit {
            let (line, column) = Self.location(ofByte: Self.sizeLimit, in: bytes)
            throw CourseProblem(file: displayPath, line: line, column: column,
                                message: "the file goes on past \(Self.sizeLimit >> 20) MiB here (it is \(bytes.count) bytes); a course file is at most \(Self.sizeLimit >> 20) MiB")
        }
        // The standard library validates quickly; only a file that fails is searched byte by byte.
        guard let valid = String(validating: bytes, as: UTF8.self) else {
            let offset = Self.firstInvalidUTF8(in: bytes) ?? 0
            let (line, column) = Self.location(ofByte: offset, in: bytes)
            throw CourseProblem(file: displayPath, line: line, column: column,
                                message: "byte \(offset) (0x\(String(bytes[bytes.startIndex + offset], radix: 16, uppercase: true))) is not UTF-8; save the file as UTF-8 text")
        }
        text = valid
    }

    /// The 1-based line and column of the byte at `offset`, the column counted in Unicode
    /// scalars as libyaml counts it (a byte that is not UTF-8 counts as one).
    func location(ofByte offset: Int) -> (line: Int, column: Int) {
        Self.location(ofByte: offset, in: bytes)
    }

    static func location(ofByte offset: Int, in bytes: Data) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        let before = bytes.prefix(end)
        let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
        let column = String(decoding: before[lineStart...], as: UTF8.self).unicodeScalars.count + 1
        return (line, column)
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence.
    static func firstInvalidUTF8(in bytes: Data) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
