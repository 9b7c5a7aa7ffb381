import Foundation
import GraderCore

/// `gradebook.csv`: one row per student, for Moodle's and Canvas's grade import
/// (`Docs/batch.md` maps the columns for each).
///
/// Columns: `Student` (full name), `ID` (the batch's identifier), `SIS User ID`, `SIS Login ID`
/// and `Section` (empty: Canvas's import expects them), then one column per exercise, named
/// by its id, then `Total`. Scores have two decimals and a point, whatever the locale.
/// Fields are quoted as RFC 4180 says, and a field that a spreadsheet would read as a formula
/// (`=`, `+`, `-`, `@` first) gets a leading apostrophe, since names come from students.
public struct GradebookCSV: BatchOutput {
    public init() {}

    public func files(for report: BatchReport) throws -> [(path: String, data: Data)] {
        [("gradebook.csv", Data(render(report).utf8))]
    }

    public func render(_ report: BatchReport) -> String {
        var rows = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section"] + report.exercises.map(\.id) + ["Total"]]
        for student in report.students {
            let scores = Dictionary(student.report.exercises.map { ($0.id, $0.score) }, uniquingKeysWith: { first, _ in first })
            rows.append([student.report.name ?? "", student.report.id, "", "", ""]
                + report.exercises.map { scores[$0.id].map(Self.format) ?? "" }
                + [Self.format(student.report.score)])
        }
        return rows.map { $0.map(Self.field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func format(_ score: Double) -> String {
        String(format: "%.2f", BatchReport.rounded(score))
    }

    static func field(_ text: String) -> String {
        var text = text
        if let first = text.first, "=+-@".contains(first), Double(text) == nil { text = "'" + text }
        guard text.contains(where: { ",\"\r\n".contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
