import Foundation
import GraderCore

/// `feedback/<id>.html`: each student's feedback (``FeedbackDocument``) as one self-contained
/// HTML page: inline CSS, no script, nothing fetched, every piece of text escaped.
public struct HTMLFeedbackWriter: BatchOutputFormat {
    public init() {}

    public func render(_ reports: [StudentReport]) throws -> [OutputFile] {
        reports.map { report in
            OutputFile(path: "feedback/\(StudentFileName.component(report.id)).html", text: html(FeedbackDocument(report)))
        }
    }

    static let style = """
        body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f;line-height:1.45}
        h1{font-size:1.6rem}h2{font-size:1.15rem;margin-top:1.8rem}
        .score{font-size:1.2rem;font-weight:600}
        .passed{color:#1a7f37}.failed,.compile_error{color:#cf222e}.course_error{color:#9a6700}
        .counts{color:#57606a}
        .known-bug{border-left:4px solid #8250df;padding-left:.6rem}.hint{color:#57606a}
        pre{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:.8rem;overflow-x:auto;font-size:.85rem;white-space:pre-wrap}
        """

    /// "Your code behaves like a known mistake: <em>summary</em>." and its hint, or a list of several.
    private func knownBugs(_ bugs: [KnownBug]) -> [String] {
        guard !bugs.isEmpty else { return [] }
        func sentence(_ bug: KnownBug) -> String {
            "<em>\(Markup.html(bug.summary))</em>\(FeedbackDocument.sentenceEnd(bug.summary))"
        }
        let lead = Markup.html(FeedbackDocument.knownBugLead(bugs.count))
        if bugs.count == 1, let bug = bugs.first {
            return ["<p class=\"known-bug\">\(lead) \(sentence(bug))</p>"]
                + (bug.hint.map { ["<p class=\"hint\">Hint: \(Markup.html($0))</p>"] } ?? [])
        }
        return ["<p class=\"known-bug\">\(lead)</p>", "<ul class=\"known-bugs\">"]
            + bugs.map { bug in "<li>\(sentence(bug))" + (bug.hint.map { " <span class=\"hint\">Hint: \(Markup.html($0))</span>" } ?? "") + "</li>" }
            + ["</ul>"]
    }

    func html(_ document: FeedbackDocument) -> String {
        let who = document.studentName.map { "\(Markup.html($0)) (\(Markup.html(document.studentID)))" } ?? Markup.html(document.studentID)
        var body: [String] = []
        body.append("<h1>Feedback for \(who)</h1>")
        body.append("<p class=\"score\">Score: \(Score.text(document.score)) / \(document.points) points</p>")
        for section in document.sections {
            let status = section.status.rawValue
            body.append("<section class=\"exercise\" id=\"\(Markup.html(section.id))\">")
            body.append("<h2><span class=\"\(status)\">\(FeedbackDocument.symbol(section.status))</span> \(Markup.html(section.title)) <code>\(Markup.html(section.id))</code></h2>")
            var counts = "\(Score.text(section.score)) / \(section.points) points · <span class=\"\(status)\">\(FeedbackDocument.statusText(section.status))</span>"
            if section.visibleTotal > 0 { counts += " · \(section.visiblePassed)/\(section.visibleTotal) cases passed" }
            if section.hiddenTotal > 0 { counts += " · \(section.hiddenPassed)/\(section.hiddenTotal) hidden cases passed" }
            body.append("<p class=\"counts\">\(counts)</p>")
            var detailShown = section.detail.isEmpty
            for remark in section.remarks {
                body.append("<p>\(Markup.html(remark))</p>")
                if !detailShown {
                    body.append("<pre>\(Markup.html(section.detail.joined(separator: "\n")))</pre>")
                    detailShown = true
                }
            }
            body += knownBugs(section.knownBugs)
            body.append("</section>")
        }
        if !document.notes.isEmpty {
            body.append("<h2>Notes about your submission</h2>")
            body.append("<ul>" + document.notes.map { "<li>\(Markup.html($0))</li>" }.joined() + "</ul>")
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Feedback for \(Markup.html(document.studentName ?? document.studentID))</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>
            \(body.joined(separator: "\n"))
            </body>
            </html>

            """
    }
}
