import Foundation

/// Markdown as its reader sees it: prose, and fenced code blocks with what only the course's
/// checks need taken out. `grader lessons show` renders it for the terminal, `grader book` as HTML.
///
/// For a lesson, the lines between `// snippet.hide` and `// snippet.show` (the hidden setup) are
/// left out of Swift blocks, the marks after a fence become a sentence where they matter to the
/// reader (``CodeBlock/label``), and a block marked `text` is not Swift.
public struct ReaderMarkdown: Sendable {
    public enum Part: Sendable, Equatable {
        /// Lines of prose, the first at the file's 1-based `line`.
        case prose([String], line: Int)
        case code(CodeBlock)
    }

    /// A fenced block, as the reader sees it.
    public struct CodeBlock: Sendable, Equatable {
        /// The fence's first word: `swift`, `output`, `sql`…, `text` for a Swift block marked
        /// `text`, empty when the fence has none.
        public var language: String
        /// The code, without the fence's own indentation (a block inside a list item).
        public var lines: [String]
        /// What a block marked to fail does, said above it: "This does not compile:".
        public var label: String?
        /// The file's 1-based line of the opening fence.
        public var line: Int

        public init(language: String, lines: [String], label: String? = nil, line: Int) {
            self.language = language
            self.lines = lines
            self.label = label
            self.line = line
        }
    }

    public var parts: [Part]

    /// Any Markdown, such as an exercise's statement: fences as written.
    public init(markdown text: String) {
        parts = Self.split(Self.lines(of: text))
    }

    /// A lesson: its hidden setup removed and its marks said in words.
    public init(lesson document: LessonDocument) {
        var byLine: [Int: LessonBlock] = [:]
        for block in document.blocks { byLine[block.fenceLine] = block }
        parts = Self.split(document.lines).map { part in
            guard case .code(var code) = part, let block = byLine[code.line], block.language == "swift" else { return part }
            if block.marks.contains(.text) { code.language = "text" }
            code.label = Self.label(for: block.marks)
            code.lines = Self.withoutHiddenSetup(code.lines)
            return .code(code)
        }
    }

    /// What a block marked to fail does: the reader must not take it for working code.
    static func label(for marks: [LessonDocument.Mark]) -> String? {
        for mark in marks {
            switch mark {
            case .compileFail: return "This does not compile:"
            case .traps: return "This crashes when it runs:"
            default: continue
            }
        }
        return nil
    }

    private static func withoutHiddenSetup(_ lines: [String]) -> [String] {
        var shown: [String] = []
        var hidden = false
        for line in lines {
            switch line.trimmingCharacters(in: .whitespaces) {
            case "// snippet.hide": hidden = true
            case "// snippet.show": hidden = false
            default: if !hidden { shown.append(line) }
            }
        }
        return shown
    }

    private static func lines(of text: String) -> [String] {
        var lines = text.components(separatedBy: "\n").map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Fences as ``LessonDocument`` finds them: a line starting (after spaces) with three or more
    /// backticks opens a block that the next line holding the same fence alone closes. A fence
    /// never closed leaves the rest as prose, as Markdown does.
    private static func split(_ lines: [String]) -> [Part] {
        var parts: [Part] = []
        var prose: [String] = []
        var proseLine = 1
        func flushProse(before line: Int) {
            if !prose.isEmpty { parts.append(.prose(prose, line: proseLine)) }
            prose = []
            proseLine = line
        }
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            let fence = String(trimmed.prefix { $0 == "`" })
            guard fence.count >= 3,
                  let end = lines[(index + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == fence }) else {
                if prose.isEmpty { proseLine = index + 1 }
                prose.append(lines[index])
                index += 1
                continue
            }
            flushProse(before: end + 2)
            let info = trimmed.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
            let indentation = lines[index].prefix { $0 == " " || $0 == "\t" }.count
            let code = lines[(index + 1)..<end].map { line in
                // Only the fence's own indentation goes: the code's is kept.
                let removable = min(indentation, line.prefix { $0 == " " || $0 == "\t" }.count)
                return String(line.dropFirst(removable))
            }
            parts.append(.code(CodeBlock(language: String(info.prefix { !$0.isWhitespace }), lines: code, label: nil, line: index + 1)))
            index = end + 1
        }
        flushProse(before: lines.count + 1)
        return parts
    }
}
