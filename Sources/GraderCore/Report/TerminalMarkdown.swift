import Foundation

/// Course Markdown rendered for reading in a terminal (`grader lessons show`, `grader show`):
/// headings bold (underlined at levels 1 and 2), emphasis and code spans styled, links followed
/// by what opens them (``TerminalLinks``), lists and quotes with hanging indentation, prose
/// re-wrapped to the reading width, tables fitted to the terminal, code indented behind a
/// gutter, never wrapped (a wrapped line of code would read as two), with the label of a block
/// that fails on purpose. Without colours the same layout, in plain text: no `**`, no backticks.
///
/// Written by hand: the student's `grader` takes no Markdown library (Ink, the book's, is the
/// instructor's and makes HTML).
public struct TerminalMarkdown {
    public var style: TerminalStyle
    /// The terminal's columns: tables fit in them.
    public var width: Int
    public var links: TerminalLinks

    /// Prose is wrapped at the terminal's width up to this: longer lines are hard to read.
    public static let readingWidth = 100
    /// The least width laid out for, however narrow the terminal.
    static let narrowest = 20

    public init(style: TerminalStyle, width: Int = 80, links: TerminalLinks = TerminalLinks()) {
        self.style = style
        self.width = max(width, Self.narrowest)
        self.links = links
    }

    /// A lesson as its reader sees it: hidden setup left out, as in `grader book`.
    public func render(lesson document: LessonDocument) -> String {
        render(ReaderMarkdown(lesson: document).parts, source: document.displayPath)
    }

    /// Any Markdown of the course, such as a statement; `source` is its path from the course's
    /// root, against which its relative links are read.
    public func render(markdown text: String, source: String) -> String {
        render(ReaderMarkdown(markdown: text).parts, source: source)
    }

    public func render(_ parts: [ReaderMarkdown.Part], source: String) -> String {
        var output: [String] = []
        let layout = Layout(width: width, reading: min(width, Self.readingWidth), listDepth: 0)
        for part in parts {
            switch part {
            case .prose(let lines, _):
                output.append("")
                output += render(MarkdownBlock.parse(lines), layout, source: source)
            case .code(let block):
                output.append("")
                // The reader must not take a block that fails on purpose for working code.
                if let label = block.label { output.append("    " + style.yellow(label)) }
                output += block.lines.map { "    " + style.dim("│ ") + $0 }
            }
        }
        // One blank line between blocks, none at the ends.
        var collapsed: [String] = []
        for line in output where !(line.isEmpty && (collapsed.last?.isEmpty ?? true)) { collapsed.append(line) }
        while collapsed.last?.isEmpty == true { collapsed.removeLast() }
        return collapsed.joined(separator: "\n") + "\n"
    }

    /// The room a block has: all of it for tables, `reading` for prose, less for each level of nesting.
    struct Layout {
        var width: Int
        var reading: Int
        var listDepth: Int

        func indented(by columns: Int) -> Layout {
            Layout(width: max(width - columns, 10), reading: max(reading - columns, 10), listDepth: listDepth)
        }
    }

    func render(_ blocks: [MarkdownBlock], _ layout: Layout, source: String, separated: Bool = true) -> [String] {
        var lines: [String] = []
        for (index, block) in blocks.enumerated() {
            if index > 0, separated { lines.append("") }
            lines += render(block, layout, source: source)
        }
        return lines
    }

    private func render(_ block: MarkdownBlock, _ layout: Layout, source: String) -> [String] {
        switch block {
        case .heading(let level, let text):
            let wrapped = styled(text, source: source).adding(.bold).wrapped(to: layout.reading)
            var lines = wrapped.map { $0.rendered(style) }
            if level <= 2 {
                let columns = min(wrapped.map(\.columns).max() ?? 0, layout.reading)
                lines.append(style.dim(String(repeating: level == 1 ? "═" : "─", count: columns)))
            }
            return lines
        case .paragraph(let text):
            return styled(text, source: source).wrapped(to: layout.reading).map { $0.rendered(style) }
        case .list(let start, let items, let loose):
            let markers = items.indices.map { index in
                start.map { "\($0 + index)." } ?? ["•", "◦", "▪"][min(layout.listDepth, 2)]
            }
            let markerWidth = (markers.map(\.count).max() ?? 1) + 1
            var inner = layout.indented(by: markerWidth)
            inner.listDepth += 1
            var lines: [String] = []
            for (marker, item) in zip(markers, items) {
                if loose, !lines.isEmpty { lines.append("") }
                // A tight list's items hold their blocks together: a nested list right under its item.
                let rendered = render(item, inner, source: source, separated: loose)
                let first = String(repeating: " ", count: markerWidth - marker.count - 1) + marker + " "
                lines += rendered.enumerated().map { index, line in
                    index == 0 ? first + line : (line.isEmpty ? "" : String(repeating: " ", count: markerWidth) + line)
                }
                if rendered.isEmpty { lines.append(first) }
            }
            return lines
        case .quote(let blocks):
            let bar = style.dim("│")
            return render(blocks, layout.indented(by: 2), source: source).map { $0.isEmpty ? bar : bar + " " + $0 }
        case .table(let header, let alignments, let rows):
            let table = TerminalTable(header: header.map { styled($0, source: source) }, alignments: alignments,
                                      rows: rows.map { $0.map { styled($0, source: source) } })
            return table.lines(width: layout.width, style: style)
        case .rule:
            return [style.dim(String(repeating: "─", count: layout.reading))]
        case .indented(let columns, let blocks):
            let padding = String(repeating: " ", count: columns)
            return render(blocks, layout.indented(by: columns), source: source).map { $0.isEmpty ? "" : padding + $0 }
        }
    }

    /// Inline Markdown as styled text, each link followed by what opens it.
    func styled(_ text: String, source: String) -> StyledText {
        styled(MarkdownInline.parse(text), style: [], source: source)
    }

    private func styled(_ nodes: [MarkdownInline], style current: StyledText.Style, source: String) -> StyledText {
        var text = StyledText()
        for node in nodes {
            switch node {
            case .text(let string): text.runs.append(.init(text: string, style: current))
            case .code(let string): text.runs.append(.init(text: string, style: current.union(.code)))
            case .emphasis(let inner): text = text + styled(inner, style: current.union(.italic), source: source)
            case .strong(let inner): text = text + styled(inner, style: current.union(.bold), source: source)
            case .lineBreak: text.runs.append(.init(text: "\n"))
            case .link(let label, let target):
                let shown = styled(label, style: current, source: source)
                text = text + shown + opener(CourseLink(target, source: source), after: shown.plainText)
            case .image(let alt, let target):
                let shown = StyledText(alt.isEmpty ? "image" : alt, style: current)
                text = text + shown + opener(CourseLink(target, source: source), after: shown.plainText)
            }
        }
        return text
    }

    /// ` (grader show car-settings)` after a link's text; nothing when the text says it already.
    private func opener(_ link: CourseLink, after text: String) -> StyledText {
        guard let opener = links.opener(for: link), opener.text != text else { return StyledText() }
        let shown: StyledText.Run
        switch opener {
        case .command(let command): shown = .init(text: command, style: .code, unbroken: true)
        case .path(let path): shown = .init(text: path, style: .code)
        case .address(let address): shown = .init(text: address, style: .underline)
        }
        return StyledText([.init(text: " ("), shown, .init(text: ")")])
    }
}
