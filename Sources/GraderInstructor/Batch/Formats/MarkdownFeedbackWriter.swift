import Foundation
import GraderCore

/// `feedback/<id>.md`: each student's feedback as Markdown (``FeedbackDocument``), to paste
/// into an LMS comment or send as a file. Names and notes are escaped; failures and compiler
/// messages are fenced code blocks.
public struct MarkdownFeedbackWriter: BatchOutputFormat {
    public init() {}

    public func render(_ reports: [StudentReport]) throws -> [OutputFile] {
        reports.map { report in
            OutputFile(path: "feedback/\(StudentFileName.component(report.id)).md", text: markdown(FeedbackDocument(report)))
        }
    }

    func markdown(_ document: FeedbackDocument) -> String {
        var lines: [String] = []
        let who = document.studentName.map { "\(Markup.markdownInline($0)) (\(Markup.markdownInline(document.studentID)))" }
            ?? Markup.markdownInline(document.studentID)
        lines.append("# Feedback for \(who)")
        lines.append("")
        lines.append("**Score: \(Score.text(document.score)) / \(document.points) points**")
        for section in document.sections {
            lines.append("")
            lines.append("## \(FeedbackDocument.symbol(section.status)) \(Markup.markdownInline(section.title)) (`\(section.id)`)")
            lines.append("")
            var counts = "\(Score.text(section.score)) / \(section.points) points · \(FeedbackDocument.statusText(section.status))"
            if section.visibleTotal > 0 { counts += " · \(section.visiblePassed)/\(section.visibleTotal) cases passed" }
            if section.hiddenTotal > 0 { counts += " · \(section.hiddenPassed)/\(section.hiddenTotal) hidden cases passed" }
            lines.append(counts)
            var detailShown = section.detail.isEmpty
            for remark in section.remarks {
                lines.append("")
                lines.append(Markup.markdownInline(remark))
                if !detailShown {
                    lines.append("")
                    lines += Markup.markdownCodeBlock(section.detail)
                    detailShown = true
                }
            }
            lines += knownBugs(section.knownBugs)
        }
        if !document.notes.isEmpty {
            lines.append("")
            lines.append("## Notes about your submission")
            lines.append("")
            lines += document.notes.map { "- \(Markup.markdownInline($0))" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "Your code behaves like a known mistake: *summary*." and its hint, or a list of several.
    private func knownBugs(_ bugs: [KnownBug]) -> [String] {
        guard !bugs.isEmpty else { return [] }
        func sentence(_ bug: KnownBug) -> String {
            "*\(Markup.markdownInline(bug.summary))*\(FeedbackDocument.sentenceEnd(bug.summary))"
        }
        let lead = FeedbackDocument.knownBugLead(bugs.count)
        if bugs.count == 1, let bug = bugs.first {
            return ["", "\(lead) \(sentence(bug))"] + (bug.hint.map { ["", "Hint: \(Markup.markdownInline($0))"] } ?? [])
        }
        return ["", lead, ""] + bugs.map { bug in
            "- \(sentence(bug))" + (bug.hint.map { " Hint: \(Markup.markdownInline($0))" } ?? "")
        }
    }
}
