import Foundation

/// Renders a lesson for the terminal: hidden setup removed, headings bold, code indented.
public struct LessonRenderer {
    public var style: TerminalStyle

    public init(style: TerminalStyle) {
        self.style = style
    }

    public func render(_ document: LessonDocument) -> String {
        var output: [String] = []
        var inCode = false
        var hidden = false
        for line in document.lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inCode.toggle()
                hidden = false
                output.append("")
                // The reader must not take a block that fails on purpose for working code.
                if inCode, let label = Self.label(forFence: trimmed) { output.append("    " + style.yellow(label)) }
                continue
            }
            if inCode {
                if trimmed == "// snippet.hide" { hidden = true; continue }
                if trimmed == "// snippet.show" { hidden = false; continue }
                if !hidden { output.append("    " + style.dim("│ ") + line) }
            } else if trimmed.hasPrefix("#") {
                output.append(style.bold(trimmed.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)))
            } else {
                output.append(line)
            }
        }
        // Collapse the blank lines left around removed fences.
        var collapsed: [String] = []
        for line in output where !(line.isEmpty && collapsed.last?.isEmpty == true) { collapsed.append(line) }
        return collapsed.joined(separator: "\n") + "\n"
    }

    /// What a block marked to fail does, said above it.
    static func label(forFence fence: String) -> String? {
        let info = fence.dropFirst(3)
        if info.contains("compile_fail") { return "This does not compile:" }
        if info.contains("traps") { return "This crashes when it runs:" }
        return nil
    }
}
