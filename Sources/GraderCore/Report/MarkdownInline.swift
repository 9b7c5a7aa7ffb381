import Foundation

/// The inline Markdown of a paragraph, a heading, a list item or a table cell: emphasis, code
/// spans, links, images, escapes and hard line breaks, as CommonMark reads them for the texts a
/// course holds (`**bold**`, `*italic*` and `_italic_` nested either way, `` `code` `` taken
/// literally, `[text](target)`, `<https://…>`, `\*`).
///
/// Written by hand: the student's `grader` has no Markdown library (Ink is the instructor's, and
/// makes HTML), and this subset is small.
indirect enum MarkdownInline: Equatable {
    case text(String)
    case code(String)
    case emphasis([MarkdownInline])
    case strong([MarkdownInline])
    case link([MarkdownInline], target: String)
    case image(alt: String, target: String)
    case lineBreak

    /// The inlines of `text`, its line breaks read as spaces (or as hard breaks after two spaces
    /// or a backslash).
    static func parse(_ text: String) -> [MarkdownInline] {
        var parser = Parser(Array(text))
        return parser.parse(from: 0, to: parser.characters.count, closer: nil).nodes
    }

    /// The text alone, without any markup.
    static func plainText(_ nodes: [MarkdownInline]) -> String {
        nodes.map { node in
            switch node {
            case .text(let text), .code(let text): return text
            case .emphasis(let inner), .strong(let inner), .link(let inner, _): return plainText(inner)
            case .image(let alt, _): return alt
            case .lineBreak: return "\n"
            }
        }.joined()
    }

    private struct Parser {
        let characters: [Character]
        /// What an emphasis opened at an index with a delimiter count parsed to: its end does not
        /// depend on what encloses it, so each is parsed once (unclosed openers would otherwise be
        /// parsed again and again).
        var openings: [Opening: Emphasis] = [:]

        struct Opening: Hashable {
            var index: Int
            var count: Int
            var end: Int
        }

        enum Emphasis {
            case closed([MarkdownInline], next: Int)
            case unclosed
        }

        init(_ characters: [Character]) {
            self.characters = characters
        }

        struct Closer {
            var delimiter: Character
            var count: Int
        }

        /// Inlines from `start` up to `end`, or up to `closer` when one is given and found.
        mutating func parse(from start: Int, to end: Int, closer: Closer?) -> (nodes: [MarkdownInline], next: Int, closed: Bool) {
            var nodes: [MarkdownInline] = []
            var text = ""
            func flush() {
                if !text.isEmpty { nodes.append(.text(text)) }
                text = ""
            }
            var index = start
            while index < end {
                let character = characters[index]
                switch character {
                case "\\":
                    if index + 1 < end, characters[index + 1] == "\n" {
                        flush()
                        nodes.append(.lineBreak)
                        index = skipSpaces(from: index + 2, to: end)
                    } else if index + 1 < end, Self.isASCIIPunctuation(characters[index + 1]) {
                        text.append(characters[index + 1])
                        index += 2
                    } else {
                        text.append(character)
                        index += 1
                    }
                case "`":
                    let count = run(of: "`", at: index, to: end)
                    if let close = codeSpanEnd(from: index + count, count: count, to: end) {
                        flush()
                        nodes.append(.code(codeSpan(index + count..<close)))
                        index = close + count
                    } else {
                        text += String(repeating: "`", count: count)
                        index += count
                    }
                case "*", "_":
                    let count = run(of: character, at: index, to: end)
                    let (canOpen, canClose) = flanking(at: index, count: count, delimiter: character, end: end)
                    if let closer, closer.delimiter == character, canClose, count >= closer.count {
                        flush()
                        return (nodes, index + closer.count, true)
                    }
                    let wanted = min(count, 2)
                    if canOpen, let (inner, next) = emphasis(at: index, count: wanted, delimiter: character, end: end) {
                        flush()
                        nodes.append(wanted == 2 ? .strong(inner) : .emphasis(inner))
                        index = next
                    } else {
                        // Not an opener here: one delimiter is text, the rest may still open.
                        text.append(character)
                        index += 1
                    }
                case "!" where index + 1 < end && characters[index + 1] == "[":
                    if let (label, target, next) = link(at: index + 1, end: end) {
                        flush()
                        nodes.append(.image(alt: MarkdownInline.plainText(label), target: target))
                        index = next
                    } else {
                        text.append(character)
                        index += 1
                    }
                case "[":
                    if let (label, target, next) = link(at: index, end: end) {
                        flush()
                        nodes.append(.link(label, target: target))
                        index = next
                    } else {
                        text.append(character)
                        index += 1
                    }
                case "<":
                    if let (address, next) = autolink(at: index, end: end) {
                        flush()
                        nodes.append(.link([.text(address)], target: address))
                        index = next
                    } else {
                        text.append(character)
                        index += 1
                    }
                case "\n":
                    // A soft break is a space; two spaces or more before it make a hard break.
                    let hard = text.hasSuffix("  ")
                    while text.hasSuffix(" ") { text.removeLast() }
                    if hard {
                        flush()
                        nodes.append(.lineBreak)
                    } else {
                        text.append(" ")
                    }
                    index = skipSpaces(from: index + 1, to: end)
                default:
                    text.append(character)
                    index += 1
                }
            }
            flush()
            return (nodes, end, false)
        }

        /// The emphasis opened at `index` by `count` delimiters, if it is closed before `end`.
        private mutating func emphasis(at index: Int, count: Int, delimiter: Character, end: Int) -> ([MarkdownInline], Int)? {
            let key = Opening(index: index, count: count, end: end)
            if openings[key] == nil {
                let inner = parse(from: index + count, to: end, closer: Closer(delimiter: delimiter, count: count))
                openings[key] = inner.closed && !inner.nodes.isEmpty ? .closed(inner.nodes, next: inner.next) : .unclosed
            }
            guard case .closed(let nodes, let next) = openings[key] else { return nil }
            return (nodes, next)
        }

        /// `[label](target)` starting at `index`: its label's inlines, its target and where it ends.
        private mutating func link(at index: Int, end: Int) -> ([MarkdownInline], String, Int)? {
            guard let close = closingBracket(from: index + 1, end: end), close + 1 < end, characters[close + 1] == "(" else { return nil }
            var depth = 0
            var cursor = close + 2
            while cursor < end {
                let character = characters[cursor]
                if character == "\\" {
                    cursor += 2
                    continue
                }
                if character == "(" { depth += 1 }
                if character == ")" {
                    if depth == 0 { break }
                    depth -= 1
                }
                cursor += 1
            }
            guard cursor < end else { return nil }
            var destination = String(characters[(close + 2)..<cursor]).trimmingCharacters(in: .whitespacesAndNewlines)
            if destination.hasPrefix("<"), let last = destination.firstIndex(of: ">") {
                destination = String(destination[destination.index(after: destination.startIndex)..<last])
            } else if let space = destination.firstIndex(where: \.isWhitespace) {
                // `[text](target "title")`: the title is not shown.
                destination = String(destination[..<space])
            }
            let label = parse(from: index + 1, to: close, closer: nil).nodes
            return (label, destination, cursor + 1)
        }

        /// The `]` matching the `[` before `start`, skipping code spans, escapes and nested brackets.
        private func closingBracket(from start: Int, end: Int) -> Int? {
            var depth = 0
            var index = start
            while index < end {
                switch characters[index] {
                case "\\": index += 1
                case "`":
                    let count = run(of: "`", at: index, to: end)
                    if let close = codeSpanEnd(from: index + count, count: count, to: end) {
                        index = close + count
                        continue
                    }
                    index += count - 1
                case "[": depth += 1
                case "]":
                    if depth == 0 { return index }
                    depth -= 1
                default: break
                }
                index += 1
            }
            return nil
        }

        /// `<scheme:address>` at `index`.
        private func autolink(at index: Int, end: Int) -> (String, Int)? {
            guard let close = characters[(index + 1)..<end].firstIndex(of: ">") else { return nil }
            let address = String(characters[(index + 1)..<close])
            guard !address.contains(where: { $0.isWhitespace || $0 == "<" }),
                  let scheme = CourseLink.scheme(of: address), scheme.count >= 2 else { return nil }
            return (address, close + 1)
        }

        /// Where the code span's closing run of exactly `count` backticks starts, if any.
        private func codeSpanEnd(from start: Int, count: Int, to end: Int) -> Int? {
            var index = start
            while index < end {
                guard characters[index] == "`" else {
                    index += 1
                    continue
                }
                let found = run(of: "`", at: index, to: end)
                if found == count { return index }
                index += found
            }
            return nil
        }

        /// A code span's text: line breaks as spaces, one space each side taken off when both
        /// are there (so that `` `` `x` `` `` can show backticks).
        private func codeSpan(_ range: Range<Int>) -> String {
            var text = String(characters[range]).replacingOccurrences(of: "\n", with: " ")
            if text.count >= 2, text.hasPrefix(" "), text.hasSuffix(" "), text.contains(where: { $0 != " " }) {
                text = String(text.dropFirst().dropLast())
            }
            return text
        }

        private func run(of character: Character, at index: Int, to end: Int) -> Int {
            var count = 0
            while index + count < end, characters[index + count] == character { count += 1 }
            return count
        }

        private func skipSpaces(from index: Int, to end: Int) -> Int {
            var index = index
            while index < end, characters[index] == " " || characters[index] == "\t" { index += 1 }
            return index
        }

        /// Whether a run of delimiters can open and close emphasis (CommonMark's flanking rules:
        /// `snake_case` and `2 * 3` stay text).
        private func flanking(at index: Int, count: Int, delimiter: Character, end: Int) -> (open: Bool, close: Bool) {
            let before: Character? = index > 0 ? characters[index - 1] : nil
            let after: Character? = index + count < characters.count ? characters[index + count] : nil
            let spaceBefore = before.map { $0.isWhitespace } ?? true
            let spaceAfter = after.map { $0.isWhitespace } ?? true
            let punctuationBefore = before.map(Self.isPunctuation) ?? false
            let punctuationAfter = after.map(Self.isPunctuation) ?? false
            let left = !spaceAfter && (!punctuationAfter || spaceBefore || punctuationBefore)
            let right = !spaceBefore && (!punctuationBefore || spaceAfter || punctuationAfter)
            if delimiter == "_" {
                return (left && (!right || punctuationBefore), right && (!left || punctuationAfter))
            }
            return (left, right)
        }

        private static func isPunctuation(_ character: Character) -> Bool {
            character.isPunctuation || character.isSymbol
        }

        private static func isASCIIPunctuation(_ character: Character) -> Bool {
            character.isASCII && (character.isPunctuation || character.isSymbol)
        }
    }
}
