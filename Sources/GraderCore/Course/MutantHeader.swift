import Foundation

/// What a hand-written mutant says about itself, read from the top of its file: the `Mutant:`
/// line (what it gets wrong) and the `Hint:` line (one sentence that points a student at the
/// mistake without giving code). Both lines are optional.
///
/// Where the lines are, by the mutant's form:
///
/// ```text
/// Mutants/forgets-to-save.patch       Mutant: forgets to save before relaunch    (before the first `--- ` line)
///                                     Hint: What does iOS keep of your app's memory when it ends it?
/// Mutants/student-loads-once.swift    // Mutant: reads the settings once per launch   (the first line)
///                                     // Hint: When does your code read the defaults again?  (the line after)
/// Mutants/missing-inverse/README.md   Mutant: …  /  Hint: …                      (anywhere, no comment marks)
/// ```
///
/// A header line that is there but says nothing (`Mutant:` alone) is a course problem, located
/// at its file and line: the feedback would otherwise name the mistake with an empty sentence.
struct MutantHeader: Sendable, Equatable {
    /// The text of the `Mutant:` line, when the file has one.
    var summary: String?
    /// The text of the `Hint:` line, when the file has one.
    var hint: String?

    /// Where in a file the header lines are, and how they are written.
    enum Style: Sendable {
        /// A unified diff: `Mutant:` and `Hint:` lines anywhere before the first `--- ` line,
        /// which `patch` skips as commentary.
        case patch
        /// A whole learner file: `// Mutant:` as the first line, `// Hint:` on the line after it
        /// (or first, when there is no `// Mutant:` line).
        case swift
        /// A folder mutant's `README.md`: `Mutant:` and `Hint:` lines, no comment marks.
        case readme
    }

    /// The two fields, as the lines name them.
    enum Field: String, Sendable {
        case summary = "Mutant"
        case hint = "Hint"
    }

    /// Reads the header of `text`, the file at `displayPath` (relative to the course root).
    /// - Parameter problems: gets a located problem for each header line that is empty or given twice.
    static func parse(_ text: String, style: Style, displayPath: String, problems: inout [CourseProblem]) -> MutantHeader {
        // A Swift file's header is in its first two lines: the rest of a whole-file mutant is not
        // split (in a debug build, splitting every mutant of the course was a fifth of its load).
        let pieces = style == .swift
            ? Array(text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).prefix(2))
            : text.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = pieces.map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        // The candidate lines, each with its 1-based number.
        var candidates: [(number: Int, text: String)] = []
        switch style {
        case .patch:
            for (index, line) in lines.enumerated() {
                if line.hasPrefix("--- ") { break }
                candidates.append((index + 1, line))
            }
        case .readme:
            candidates = lines.enumerated().map { ($0.offset + 1, $0.element) }
        case .swift:
            // The first line, and the one after it when the first is the `// Mutant:` line.
            guard let first = lines.first else { break }
            candidates.append((1, Self.uncommented(first) ?? ""))
            if Self.field(of: Self.uncommented(first) ?? "")?.field == .summary, lines.count > 1 {
                candidates.append((2, Self.uncommented(lines[1]) ?? ""))
            }
        }

        var header = MutantHeader()
        for (number, line) in candidates {
            guard let (field, value) = Self.field(of: line) else { continue }
            // A Swift file's hint must follow the `// Mutant:` line or stand first; a summary only first.
            if style == .swift, field == .summary, number != 1 { continue }
            let already = field == .summary ? header.summary != nil : header.hint != nil
            if already {
                problems.append(CourseProblem(file: displayPath, line: number, column: 1, field: field.rawValue,
                                              message: "a second `\(field.rawValue):` line: keep one"))
                continue
            }
            if value.isEmpty {
                problems.append(CourseProblem(file: displayPath, line: number, column: 1, field: field.rawValue,
                                              message: field == .summary
                                                  ? "the line is empty: say in a few words what this mutant gets wrong, or leave the line out"
                                                  : "the line is empty: write one sentence that points a student at the mistake without giving code, or leave the line out"))
            }
            switch field {
            case .summary: header.summary = value
            case .hint: header.hint = value
            }
        }
        // An empty line was reported; what the feedback shows then falls back as if it were absent.
        if header.summary?.isEmpty == true { header.summary = nil }
        if header.hint?.isEmpty == true { header.hint = nil }
        return header
    }

    /// `Mutant: text` or `Hint: text` → the field and its trimmed text.
    private static func field(of line: String) -> (field: Field, value: String)? {
        for field in [Field.summary, .hint] where line.hasPrefix(field.rawValue + ":") {
            return (field, line.dropFirst(field.rawValue.count + 1).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// A Swift line comment's text (`// Mutant: …` → `Mutant: …`); nil for any other line.
    private static func uncommented(_ line: String) -> String? {
        guard line.hasPrefix("//") else { return nil }
        let text = line.dropFirst(2)
        return String(text.hasPrefix(" ") ? text.dropFirst() : text)
    }
}
