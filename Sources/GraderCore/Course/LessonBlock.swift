import Foundation

/// A fenced code block of a lesson.
public struct LessonBlock: Sendable {
    /// `swift`, `output`, `xml`…
    public var language: String
    public var marks: [LessonDocument.Mark] = []
    /// 1-based line of the opening fence; the code starts on the next line.
    public var fenceLine: Int
    public var lines: [String]
    /// The `output` block attached to this Swift block.
    public var outputBlock: OutputBlock?

    /// An ` ```output ` block: the expected output of the Swift block before it.
    public struct OutputBlock: Sendable {
        /// 1-based line of the opening fence.
        public var fenceLine: Int
        public var lines: [String]
    }
    /// The `// Prints` groups, in order.
    public var checks: [PrintsCheck] = []

    init(language: String, fenceLine: Int, lines: [String]) {
        self.language = language
        self.fenceLine = fenceLine
        self.lines = lines
    }

    /// 1-based line of the closing fence.
    var closingLine: Int { fenceLine + lines.count + 1 }

    /// 1-based file line of the block's line at `index`.
    func fileLine(_ index: Int) -> Int { fenceLine + 1 + index }

    /// Whether the block is checked at all.
    var isSwift: Bool {
        language == "swift" && !marks.contains(.text) && !marks.contains { if case .ignore = $0 { return true } else { return false } }
    }

    /// Part of the shared program (no mark that sets it apart).
    var isShared: Bool {
        isSwift && !marks.contains { mark in
            switch mark {
            case .isolated, .noRun, .compileFail, .traps: return true
            case .ignore, .text: return false
            }
        }
    }

    /// Consecutive `// Prints "…"` lines: one check of everything printed since the previous one.
    public struct PrintsCheck: Sendable {
        /// Indices (in the block) of the first and last comment line.
        public var firstLine: Int
        public var lastLine: Int
        public var expected: [String]
        /// `// Prints matching "…"`: `...` matches any text.
        public var matching: Bool
    }

    private static let printsPattern = try! NSRegularExpression(pattern: #"^\s*// Prints( matching)? "(.*)"\s*$"#)

    /// Finds the `// Prints` groups and checks that each is at the block's top level.
    mutating func findChecks() throws {
        var depth = 0
        var index = 0
        while index < lines.count {
            if let (matching, text) = Self.prints(lines[index]) {
                guard depth == 0 else {
                    throw LessonDocument.MarkError(line: index + 1, message: "a // Prints comment must be at the top level of its block, not inside braces")
                }
                var check = PrintsCheck(firstLine: index, lastLine: index, expected: [text], matching: matching)
                while check.lastLine + 1 < lines.count, let (more, next) = Self.prints(lines[check.lastLine + 1]) {
                    check.lastLine += 1
                    check.expected.append(next)
                    check.matching = check.matching || more
                }
                checks.append(check)
                index = check.lastLine + 1
                continue
            }
            depth += Self.braceBalance(lines[index])
            index += 1
        }
    }

    static func prints(_ line: String) -> (matching: Bool, text: String)? {
        let range = NSRange(line.startIndex..., in: line)
        guard let match = printsPattern.firstMatch(in: line, range: range),
              let textRange = Range(match.range(at: 2), in: line) else { return nil }
        return (match.range(at: 1).location != NSNotFound, String(line[textRange]))
    }

    /// Opening minus closing braces outside string literals and line comments (a heuristic,
    /// good enough to tell top-level code from a function body).
    static func braceBalance(_ line: String) -> Int {
        var balance = 0
        var inString = false
        var previous: Character = " "
        for character in line {
            if inString {
                if character == "\"" && previous != "\\" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/" && previous == "/" {
                break
            } else if character == "{" {
                balance += 1
            } else if character == "}" {
                balance -= 1
            }
            previous = character
        }
        return balance
    }
}
