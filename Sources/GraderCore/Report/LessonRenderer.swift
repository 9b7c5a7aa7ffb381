import Foundation

/// Renders a lesson for the terminal: hidden setup removed, headings bold, code indented.
public struct LessonRenderer {
    public var style: TerminalStyle

    public init(style: TerminalStyle) {
        self.style = style
    }

    public func render(_ document: LessonDocument) -> String {
        var output: [String] = []
        // The same reader's view of the lesson as `grader book`'s: hidden setup left out.
        for part in ReaderMarkdown(lesson: document).parts {
            switch part {
            case .prose(let lines, _):
                for line in lines {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    output.append(trimmed.hasPrefix("#") ? style.bold(trimmed.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)) : line)
                }
            case .code(let block):
                output.append("")
                // The reader must not take a block that fails on purpose for working code.
                if let label = block.label { output.append("    " + style.yellow(label)) }
                output += block.lines.map { "    " + style.dim("│ ") + $0 }
                output.append("")
            }
        }
        // Collapse the blank lines left around removed fences.
        var collapsed: [String] = []
        for line in output where !(line.isEmpty && collapsed.last?.isEmpty == true) { collapsed.append(line) }
        return collapsed.joined(separator: "\n") + "\n"
    }
}
