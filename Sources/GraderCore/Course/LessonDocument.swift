import Foundation

/// A literate lesson: a Markdown file whose ` ```swift ` blocks form one program.
///
/// Parsing keeps every block's line numbers, so that compiler errors, traps and failed
/// `// Prints` checks point at the lesson's own lines, and `--fix` can rewrite them in place.
public struct LessonDocument: Sendable {
    /// The path shown in messages, relative to the course root (`Lessons/01-defaults.md`).
    public var displayPath: String
    public var url: URL
    /// The file's lines, without their newlines (`\n` or `\r\n`).
    public var lines: [String]
    /// How the file ends its lines, kept when `--fix` rewrites it: `\r\n` when any line ends
    /// so (a lesson saved on Windows), `\n` otherwise.
    public var lineEnding = "\n"
    public var blocks: [LessonBlock]

    /// How a Swift block takes part in the lesson, from the marks after its fence.
    public enum Mark: Hashable, Sendable {
        /// A program of its own.
        case isolated
        /// Compiled with the shared blocks before it, not run.
        case noRun
        /// Must fail to compile with a diagnostic containing the text.
        case compileFail(String)
        /// Must crash when run after the shared blocks before it.
        case traps
        /// Not checked, for the reason given.
        case ignore(String)
        /// Not Swift at all.
        case text
    }

    /// Reads and parses a lesson.
    /// - Throws: the lesson's problems (unknown marks, unclosed fences, misplaced checks), all of them.
    public init(url: URL, displayPath: String) throws {
        let file: CourseText
        do {
            file = try CourseText(contentsOf: url, displayPath: displayPath)
        } catch let problem as CourseProblem {
            throw LessonProblems([problem])
        }
        try self.init(text: file.text, url: url, displayPath: displayPath)
    }

    init(text: String, url: URL, displayPath: String) throws {
        self.url = url
        self.displayPath = displayPath
        // Split at "\n" scalars: "\r\n" is one Character, which a split on "\n" never finds, and a
        // lesson saved with CRLF was one line with no block at all. Its lines are read like any
        // other's, the "\r" dropped.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? String(line.dropLast()) : String(line)
        }
        if lines.last == "" { lines.removeLast() }
        if text.contains("\r\n") { lineEnding = "\r\n" }
        self.lines = lines
        var problems: [CourseProblem] = []
        blocks = Self.parseBlocks(lines, file: displayPath, problems: &problems)
        if !problems.isEmpty { throw LessonProblems(problems) }
    }

    private static func parseBlocks(_ lines: [String], file: String, problems: inout [CourseProblem]) -> [LessonBlock] {
        var blocks: [LessonBlock] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") else {
                index += 1
                continue
            }
            let fence = String(trimmed.prefix { $0 == "`" })
            let info = String(trimmed.dropFirst(fence.count)).trimmingCharacters(in: .whitespaces)
            let fenceLine = index + 1
            var end = index + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != fence { end += 1 }
            if end == lines.count {
                problems.append(CourseProblem(file: file, line: fenceLine, message: "this code block is never closed with \(fence)"))
                return blocks
            }
            let language = String(info.prefix { !$0.isWhitespace })
            var block = LessonBlock(language: language, fenceLine: fenceLine, lines: Array(lines[(index + 1)..<end]))
            if language == "swift" {
                do {
                    block.marks = try parseMarks(String(info.dropFirst(language.count)))
                    try block.findChecks()
                } catch let reason as MarkError {
                    problems.append(CourseProblem(file: file, line: reason.line.map { fenceLine + $0 } ?? fenceLine,
                                                  message: reason.message))
                } catch {
                    problems.append(CourseProblem(file: file, line: fenceLine, message: "\(error)"))
                }
            }
            // An `output` block right after a Swift block (only blank lines between) belongs to it.
            if language == "output", let previous = blocks.indices.last, blocks[previous].language == "swift",
               lines[(blocks[previous].closingLine)..<index].allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                blocks[previous].outputBlock = LessonBlock.OutputBlock(fenceLine: fenceLine, lines: block.lines)
            } else if language == "output" {
                problems.append(CourseProblem(file: file, line: fenceLine,
                                              message: "an output block must follow a swift block, with only blank lines between"))
            } else {
                blocks.append(block)
            }
            index = end + 1
        }
        return blocks
    }

    struct MarkError: Error {
        var line: Int?
        var message: String
    }

    static let markNames = ["isolated", "no_run", "compile_fail(\"text\")", "traps", "ignore(reason)", "text"]

    /// Parses `isolated compile_fail("cannot find") ignore(needs a device)`.
    static func parseMarks(_ text: String) throws -> [Mark] {
        var marks: [Mark] = []
        var rest = Substring(text)
        func skipSeparators() { rest = rest.drop { $0 == " " || $0 == "," || $0 == "\t" } }
        skipSeparators()
        while !rest.isEmpty {
            let name = String(rest.prefix { $0.isLetter || $0 == "_" })
            rest = rest.dropFirst(name.count)
            var argument: String?
            if rest.first == "(" {
                // The argument ends at the first `)` after its closing quote, or at the first `)`
                // when it is not quoted, so that another mark may follow it.
                let opening = rest.index(after: rest.startIndex)
                let unspaced = rest[opening...].drop { $0 == " " }
                var searchFrom = opening
                if unspaced.first == "\"", let quote = unspaced.dropFirst().firstIndex(of: "\"") { searchFrom = quote }
                guard let close = rest[searchFrom...].firstIndex(of: ")") else {
                    throw MarkError(message: "the mark '\(name)' opens a parenthesis it never closes")
                }
                var inner = rest[rest.index(after: rest.startIndex)..<close].trimmingCharacters(in: .whitespaces)
                if inner.count >= 2, inner.hasPrefix("\""), inner.hasSuffix("\"") { inner = String(inner.dropFirst().dropLast()) }
                argument = inner
                rest = rest[rest.index(after: close)...]
            }
            switch (name, argument) {
            case ("isolated", nil): marks.append(.isolated)
            case ("no_run", nil): marks.append(.noRun)
            case ("traps", nil): marks.append(.traps)
            case ("text", nil): marks.append(.text)
            case ("compile_fail", let text?) where !text.isEmpty: marks.append(.compileFail(text))
            case ("compile_fail", _):
                throw MarkError(message: "compile_fail needs the diagnostic it expects: compile_fail(\"cannot find 'x' in scope\")")
            case ("ignore", let reason?) where !reason.isEmpty: marks.append(.ignore(reason))
            case ("ignore", _):
                throw MarkError(message: "ignore needs a reason: ignore(needs a device)")
            default:
                let shown = name.isEmpty ? String(rest.prefix(20)) : name
                throw MarkError(message: "unknown mark '\(shown)'; the marks are: \(markNames.joined(separator: ", "))")
            }
            skipSeparators()
        }
        // A block is compiled only, expected not to compile, or expected to trap: one at most.
        let outcomes = marks.filter { mark in
            switch mark {
            case .noRun, .compileFail, .traps: return true
            default: return false
            }
        }
        if outcomes.count > 1 {
            throw MarkError(message: "no_run, compile_fail and traps each say how the block ends: use one of them")
        }
        return marks
    }
}
