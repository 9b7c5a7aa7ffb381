/// The course's requirements as Markdown: per exercise, a table of each requirement with the
/// cases that test it and the mutants that break it. `Exercises/README.md` keeps it, between
/// ``begin`` and ``end``, and a test keeps it up to date.
public enum RequirementTable {
    /// The comment lines that enclose the table in `Exercises/README.md`.
    public static let begin = Requirement.tableBegin
    public static let end = Requirement.tableEnd

    /// The tables of `exercises`, in their order.
    public static func markdown(_ exercises: [Exercise]) -> String {
        var lines: [String] = []
        for exercise in exercises {
            lines.append("")
            lines.append("**\(exercise.id)** (\(exercise.requirements.count) requirement\(exercise.requirements.count == 1 ? "" : "s"))")
            guard !exercise.requirements.isEmpty else { continue }
            lines.append("")
            lines.append("| # | the statement says | cases | mutants |")
            lines.append("| ---: | --- | --- | --- |")
            for requirement in exercise.requirements {
                let cells = [requirement.statement, requirement.cases.joined(separator: ", "),
                             requirement.mutants.joined(separator: ", ")].map(cell)
                lines.append("| \(requirement.number) | \(cells.joined(separator: " | ")) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as one table cell: no line breaks, and its `|` escaped.
    private static func cell(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.isEmpty ? "—" : flat.replacingOccurrences(of: "|", with: "\\|")
    }

    /// `document` with the text between ``begin`` and ``end`` replaced by `table`; nil when it
    /// does not have both lines, in that order.
    public static func replacing(in document: String, with table: String) -> String? {
        guard let start = document.range(of: begin), let stop = document.range(of: end),
              start.upperBound <= stop.lowerBound else { return nil }
        return String(document[..<start.upperBound]) + "\n" + table + String(document[stop.lowerBound...])
    }
}
