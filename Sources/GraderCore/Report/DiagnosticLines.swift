/// Compiler messages as a learner reads them in the terminal: each error with the notes that
/// belong to it (the opening `(` a missing `)` is matched with, a declaration it clashes with)
/// under it, then a few warnings in the learner's own files, dimmed.
///
/// The compiler prints a note right after the error or warning it explains, and the parsed
/// ``Diagnostic`` list keeps that order, so a note belongs to the message before it.
struct DiagnosticLines {
    var style: TerminalStyle
    /// How many errors, and then warnings, are shown: the first ones usually explain the rest.
    var errors = 5
    var warnings = 3

    /// The errors with their notes, then the learner's warnings.
    func render(_ diagnostics: [Diagnostic]) -> [String] {
        let groups = Self.grouped(diagnostics)
        var lines = errorLines(groups)
        // A warning in the course's Driver.swift is not the learner's to fix.
        let learners = groups.filter { group in
            group.main.severity == .warning && group.main.file.map { !$0.hasSuffix("/Driver.swift") && $0 != "Driver.swift" } == true
        }
        let plain = DiagnosticLines(style: TerminalStyle(colors: false))
        for group in learners.prefix(warnings) {
            lines += (plain.render(group.main) + group.notes.flatMap { plain.render($0, indent: 6) }).map(style.dim)
        }
        if learners.count > warnings {
            lines.append(style.dim("    (\(learners.count - warnings) more warning\(learners.count - warnings == 1 ? "" : "s"); `--format json` lists them all)"))
        }
        return lines
    }

    /// The first `errors` errors, each with its notes under it, and no warnings.
    func renderErrors(_ diagnostics: [Diagnostic]) -> [String] {
        errorLines(Self.grouped(diagnostics))
    }

    private func errorLines(_ groups: [(main: Diagnostic, notes: [Diagnostic])]) -> [String] {
        groups.filter { $0.main.severity == .error }.prefix(errors).flatMap { group in
            render(group.main) + group.notes.flatMap { render($0, indent: 6) }
        }
    }

    /// `path:line:column: error: message`, the source line it quotes and a caret under the column.
    func render(_ diagnostic: Diagnostic, indent: Int = 4) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var location = diagnostic.file ?? "swiftc"
        if let line = diagnostic.line { location += ":\(line)" }
        if let column = diagnostic.column { location += ":\(column)" }
        let label: String
        switch diagnostic.severity {
        case .error: label = style.red("error:")
        case .warning: label = style.yellow("warning:")
        case .note: label = style.dim("note:")
        }
        var lines = ["\(margin)\(location): \(label) \(diagnostic.message)"]
        if let source = diagnostic.sourceLine, let line = diagnostic.line {
            let number = String(line)
            lines.append(style.dim("\(margin)\(number) | ") + source)
            if let column = diagnostic.column, column >= 1 {
                let pad = String(repeating: " ", count: number.count)
                lines.append(style.dim("\(margin)\(pad) | ") + String(repeating: " ", count: column - 1) + style.red("^"))
            }
        }
        return lines
    }

    /// Each error or warning with the notes that follow it; a note with nothing before it
    /// stands alone.
    static func grouped(_ diagnostics: [Diagnostic]) -> [(main: Diagnostic, notes: [Diagnostic])] {
        var groups: [(main: Diagnostic, notes: [Diagnostic])] = []
        for diagnostic in diagnostics {
            if diagnostic.severity == .note, !groups.isEmpty {
                groups[groups.count - 1].notes.append(diagnostic)
            } else {
                groups.append((diagnostic, []))
            }
        }
        return groups
    }
}
