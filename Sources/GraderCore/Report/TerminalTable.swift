import Foundation

/// A table fitted to a width: each column as wide as its content when the table fits, else the
/// widest columns narrowed first and their cells wrapped inside them. Drawn in a box; when the box
/// would have to cut words, with lines between the columns only (four columns more for the text),
/// and words cut only when even then a column cannot hold its longest word.
struct TerminalTable {
    var header: [StyledText]
    var alignments: [MarkdownBlock.Alignment]
    var rows: [[StyledText]]

    /// The table's lines, at most `width` columns wide when the terminal allows it (each column
    /// needs a few columns for its lines and margins).
    func lines(width: Int, style: TerminalStyle) -> [String] {
        var boxed = true
        var widths = columnWidths(fitting: width - (3 * header.count + 1))
        if !fitsWords(widths) {
            boxed = false
            widths = columnWidths(fitting: width - 3 * (header.count - 1))
        }
        let bar = style.dim("│")
        func rule(_ left: String, _ middle: String, _ right: String) -> String {
            let segments = widths.map { String(repeating: "─", count: $0 + 2) }
            guard boxed else { return style.dim(String(segments.joined(separator: middle).dropFirst().dropLast())) }
            return style.dim(left + segments.joined(separator: middle) + right)
        }
        func draw(_ cells: [StyledText], bold: Bool) -> [String] {
            let wrapped = cells.enumerated().map { column, cell in (bold ? cell.adding(.bold) : cell).wrapped(to: widths[column]) }
            let height = wrapped.map(\.count).max() ?? 1
            return (0..<height).map { line in
                let drawn = wrapped.enumerated().map { column, lines in
                    let text = line < lines.count ? lines[line] : StyledText()
                    return aligned(text.rendered(style), columns: text.columns, width: widths[column], alignments[column])
                }
                guard boxed else {
                    var line = drawn.joined(separator: " " + bar + " ")
                    while line.hasSuffix(" ") { line.removeLast() }
                    return line
                }
                return bar + " " + drawn.joined(separator: " " + bar + " ") + " " + bar
            }
        }
        var lines = boxed ? [rule("┌", "┬", "┐")] : []
        lines += draw(header, bold: true)
        lines.append(rule("├", "┼", "┤"))
        let body = rows.map { draw($0, bold: false) }
        // Rows that take several lines each need a rule between them to be told apart.
        let ruled = body.contains { $0.count > 1 }
        for (index, row) in body.enumerated() {
            if ruled, index > 0 { lines.append(rule("├", "┼", "┤")) }
            lines += row
        }
        if boxed { lines.append(rule("└", "┴", "┘")) }
        return lines
    }

    private var columns: [[StyledText]] {
        header.indices.map { column in [header[column]] + rows.map { $0[column] } }
    }

    /// Whether no word of the table is cut at these widths.
    private func fitsWords(_ widths: [Int]) -> Bool {
        zip(columns, widths).allSatisfy { cells, width in cells.allSatisfy { $0.longestWord <= width } }
    }

    /// Each column's width for its text, `available` columns in all: the content's, narrowed
    /// widest first until the table fits.
    func columnWidths(fitting available: Int) -> [Int] {
        let cells = columns
        let natural = cells.map { $0.map(\.columns).max() ?? 0 }.map { max($0, 1) }
        var widths = natural
        // First without cutting a word; then, if it must, cutting words down to a few columns.
        let floors = [zip(natural, cells.map { $0.map(\.longestWord).max() ?? 0 }).map { min($0, max($1, 1)) },
                      natural.map { min($0, 3) }]
        for floor in floors {
            while widths.reduce(0, +) > available {
                let candidates = widths.indices.filter { widths[$0] > floor[$0] }
                guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
                widths[widest] -= 1
            }
        }
        return widths
    }

    private func aligned(_ text: String, columns: Int, width: Int, _ alignment: MarkdownBlock.Alignment) -> String {
        let spare = max(0, width - columns)
        switch alignment {
        case .left: return text + String(repeating: " ", count: spare)
        case .right: return String(repeating: " ", count: spare) + text
        case .center: return String(repeating: " ", count: spare / 2) + text + String(repeating: " ", count: spare - spare / 2)
        }
    }
}
