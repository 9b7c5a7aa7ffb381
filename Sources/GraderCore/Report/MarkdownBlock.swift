import Foundation

/// The blocks of Markdown prose (its fenced code split off beforehand by ``ReaderMarkdown``):
/// headings, paragraphs, bullet and numbered lists, block quotes, tables and rules, nested as
/// CommonMark nests them for the texts a course holds. The text inside each stays Markdown, for
/// ``MarkdownInline``.
indirect enum MarkdownBlock: Equatable {
    case heading(level: Int, text: String)
    /// Its lines, joined by line breaks.
    case paragraph(String)
    /// Items of blocks; `start` is nil for a bullet list. A loose list has blank lines between its items.
    case list(start: Int?, items: [[MarkdownBlock]], loose: Bool)
    case quote([MarkdownBlock])
    case table(header: [String], alignments: [Alignment], rows: [[String]])
    case rule
    /// Blocks written indented on their own (after a code block, the rest of a list item).
    case indented(Int, [MarkdownBlock])

    enum Alignment: Equatable {
        case left, center, right
    }

    static func parse(_ lines: [String]) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = []
        let lines = lines.map(expandingTabs)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if isBlank(line) {
                index += 1
                continue
            }
            let indentation = indentation(of: line)
            let content = String(line.dropFirst(indentation))
            if indentation >= 2 {
                // The lines indented at least as much (and the blank lines among them) are one group.
                var end = index + 1
                while end < lines.count, isBlank(lines[end]) || Self.indentation(of: lines[end]) >= indentation { end += 1 }
                while end > index + 1, isBlank(lines[end - 1]) { end -= 1 }
                blocks.append(.indented(min(indentation, 8), parse(lines[index..<end].map { String($0.dropFirst(min(indentation, Self.indentation(of: $0)))) })))
                index = end
            } else if let heading = heading(content) {
                blocks.append(heading)
                index += 1
            } else if isRule(content) {
                blocks.append(.rule)
                index += 1
            } else if content.hasPrefix(">") {
                var inner: [String] = []
                while index < lines.count, !isBlank(lines[index]) {
                    let trimmed = String(lines[index].dropFirst(Self.indentation(of: lines[index])))
                    if trimmed.hasPrefix(">") {
                        let rest = trimmed.dropFirst()
                        inner.append(String(rest.hasPrefix(" ") ? rest.dropFirst() : rest))
                    } else if startsBlock(trimmed) {
                        break
                    } else {
                        inner.append(trimmed)  // a lazy continuation of the quote's paragraph
                    }
                    index += 1
                }
                blocks.append(.quote(parse(inner)))
            } else if let marker = ListMarker(content) {
                let (list, next) = self.list(lines, from: index, first: marker)
                blocks.append(list)
                index = next
            } else if let (table, next) = table(lines, from: index) {
                blocks.append(table)
                index = next
            } else {
                var text = [content]
                index += 1
                while index < lines.count, !isBlank(lines[index]) {
                    let trimmed = String(lines[index].dropFirst(Self.indentation(of: lines[index])))
                    if startsBlock(trimmed, interrupting: true) { break }
                    text.append(trimmed)
                    index += 1
                }
                blocks.append(.paragraph(text.joined(separator: "\n")))
            }
        }
        return blocks
    }

    /// `- `, `* `, `+ `, `1. `, `1) ` and the columns up to the item's text.
    struct ListMarker {
        var number: Int?
        var delimiter: Character
        /// The columns of the marker and the spaces after it: the item's text starts there.
        var width: Int

        init?(_ content: String) {
            let digits = content.prefix { $0.isASCII && $0.isNumber }
            var rest = content.dropFirst(digits.count)
            if digits.isEmpty {
                guard let marker = rest.first, "-*+".contains(marker) else { return nil }
                number = nil
                delimiter = marker
            } else {
                guard digits.count <= 9, let marker = rest.first, marker == "." || marker == ")" else { return nil }
                number = Int(digits)
                delimiter = marker
            }
            rest = rest.dropFirst()
            let spaces = rest.prefix { $0 == " " }.count
            guard rest.isEmpty || spaces > 0 else { return nil }
            width = digits.count + 1 + (rest.count == spaces ? 1 : (spaces > 4 ? 1 : spaces))
        }

        func continues(_ other: ListMarker) -> Bool {
            (number == nil) == (other.number == nil) && delimiter == other.delimiter
        }
    }

    /// The list starting at `start`, and the index of the line after it.
    private static func list(_ lines: [String], from start: Int, first: ListMarker) -> (MarkdownBlock, Int) {
        var items: [[MarkdownBlock]] = []
        var loose = false
        var index = start
        while index < lines.count {
            let indentation = indentation(of: lines[index])
            guard indentation < 2, let marker = ListMarker(String(lines[index].dropFirst(indentation))), marker.continues(first) else { break }
            let contentColumn = indentation + marker.width
            var item = [String(lines[index].dropFirst(min(contentColumn, lines[index].count)))]
            index += 1
            var sawBlank = false
            while index < lines.count {
                let line = lines[index]
                if isBlank(line) {
                    // A blank line stays in the item only when the item goes on after it.
                    guard let next = lines[index...].firstIndex(where: { !isBlank($0) }),
                          Self.indentation(of: lines[next]) >= contentColumn else { break }
                    item += Array(repeating: "", count: next - index)
                    index = next
                    sawBlank = true
                    continue
                }
                let lineIndentation = Self.indentation(of: line)
                let trimmed = String(line.dropFirst(lineIndentation))
                if lineIndentation >= contentColumn {
                    item.append(String(line.dropFirst(contentColumn)))
                } else if ListMarker(trimmed) != nil {
                    break  // the next item, or another list
                } else if !sawBlank, !startsBlock(trimmed, interrupting: true), !item.last!.isEmpty {
                    item.append(trimmed)  // a lazy continuation of the item's paragraph
                } else {
                    break
                }
                index += 1
            }
            items.append(parse(item))
            if sawBlank { loose = true }
            // Blank lines between two items make the list loose.
            if let next = lines[index...].firstIndex(where: { !isBlank($0) }), next > index,
               Self.indentation(of: lines[next]) < 2,
               let marker = ListMarker(String(lines[next].dropFirst(Self.indentation(of: lines[next])))), marker.continues(first) {
                loose = true
                index = next
            }
        }
        return (.list(start: first.number, items: items, loose: loose), index)
    }

    /// A table: a row of cells, a row of `---` rules (`:--`, `:-:`, `--:` to align), more rows.
    private static func table(_ lines: [String], from start: Int) -> (MarkdownBlock, Int)? {
        guard start + 1 < lines.count, lines[start].contains("|") else { return nil }
        let header = cells(of: lines[start])
        let rules = cells(of: lines[start + 1])
        guard rules.count == header.count, rules.allSatisfy(isAlignmentCell) else { return nil }
        let alignments: [Alignment] = rules.map { rule in
            switch (rule.hasPrefix(":"), rule.hasSuffix(":")) {
            case (true, true): return .center
            case (false, true): return .right
            default: return .left
            }
        }
        var rows: [[String]] = []
        var index = start + 2
        while index < lines.count, !isBlank(lines[index]), lines[index].contains("|") {
            var row = cells(of: lines[index])
            row = Array(row.prefix(header.count)) + Array(repeating: "", count: max(0, header.count - row.count))
            rows.append(row)
            index += 1
        }
        return (.table(header: header, alignments: alignments, rows: rows), index)
    }

    /// A row's cells, split at each `|` that is not escaped (`\|` is a `|` in the cell, even in code).
    static func cells(of line: String) -> [String] {
        var text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("|") { text.removeFirst() }
        if text.hasSuffix("|"), !text.hasSuffix("\\|") { text.removeLast() }
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for character in text {
            if escaped {
                cell += character == "|" ? "|" : "\\\(character)"
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(character)
            }
        }
        if escaped { cell += "\\" }
        cells.append(cell.trimmingCharacters(in: .whitespaces))
        return cells
    }

    private static func isAlignmentCell(_ cell: String) -> Bool {
        var body = Substring(cell)
        if body.hasPrefix(":") { body = body.dropFirst() }
        if body.hasSuffix(":") { body = body.dropLast() }
        return !body.isEmpty && body.allSatisfy { $0 == "-" }
    }

    /// `# Title` … `###### Title`, without a closing run of `#`.
    private static func heading(_ content: String) -> MarkdownBlock? {
        let level = content.prefix { $0 == "#" }.count
        guard (1...6).contains(level) else { return nil }
        let rest = content.dropFirst(level)
        guard rest.isEmpty || rest.first == " " else { return nil }
        var text = rest.trimmingCharacters(in: .whitespaces)
        if let closing = text.lastIndex(where: { $0 != "#" }), text[closing] == " " {
            text = String(text[..<closing]).trimmingCharacters(in: .whitespaces)
        } else if text.allSatisfy({ $0 == "#" }) {
            text = ""
        }
        return .heading(level: level, text: text)
    }

    /// `---`, `***`, `___` (three or more, spaces allowed).
    private static func isRule(_ content: String) -> Bool {
        let marks = content.filter { $0 != " " }
        guard let first = marks.first, "-*_".contains(first), marks.count >= 3 else { return false }
        return marks.allSatisfy { $0 == first }
    }

    /// Whether a line starts a block of its own. Interrupting a paragraph, a numbered list must
    /// start at 1 (CommonMark), so that a sentence wrapped before "2024." stays one paragraph.
    private static func startsBlock(_ content: String, interrupting: Bool = false) -> Bool {
        if heading(content) != nil || isRule(content) || content.hasPrefix(">") { return true }
        guard let marker = ListMarker(content) else { return false }
        let rest = content.dropFirst(marker.width)
        if interrupting, rest.trimmingCharacters(in: .whitespaces).isEmpty { return false }
        return !interrupting || marker.number == nil || marker.number == 1
    }

    private static func isBlank(_ line: String) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" }
    }

    private static func indentation(of line: String) -> Int {
        line.prefix { $0 == " " }.count
    }

    private static func expandingTabs(_ line: String) -> String {
        guard line.contains("\t") else { return line }
        var expanded = ""
        for character in line {
            if character == "\t" {
                expanded += String(repeating: " ", count: 4 - expanded.count % 4)
            } else {
                expanded.append(character)
            }
        }
        return expanded
    }
}
