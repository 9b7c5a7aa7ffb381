import Foundation
import GraderCore

/// `summary.html`: the class at a glance, one self-contained offline HTML file (inline CSS,
/// charts as inline SVG, no script, nothing fetched): the score distribution, the pass rate of
/// each exercise and of each case, the most common failure of each exercise, how many students
/// made each known mistake (mutant) of an exercise, the submissions identical across students,
/// and every student's score.
///
/// It is the instructor's page: hidden cases appear under their real names, marked `(hidden)`.
public struct ClassSummaryWriter: BatchOutputFormat {
    /// The page's heading, such as the course's title.
    public var title: String

    public init(title: String) {
        self.title = title
    }

    public func render(_ reports: [StudentReport]) throws -> [OutputFile] {
        [OutputFile(path: "summary.html", text: html(reports))]
    }

    func html(_ reports: [StudentReport]) -> String {
        let statistics = ClassStatistics(reports)
        var body: [String] = []
        body.append("<h1>\(Markup.html(title)): class summary</h1>")
        body.append("<p class=\"lead\">\(statistics.students) student\(statistics.students == 1 ? "" : "s") · average \(Score.text(statistics.averagePercent))% of the points</p>")

        body.append("<h2>Score distribution</h2>")
        let most = max(1, statistics.distribution.map(\.students).max() ?? 1)
        body.append(SVGBarChart(title: "Score distribution", bars: statistics.distribution.map {
            .init(label: $0.label, fraction: Double($0.students) / Double(most), value: "\($0.students) student\($0.students == 1 ? "" : "s")")
        }, labelWidth: 120).svg())

        body.append("<h2>Pass rate per exercise</h2>")
        body.append(SVGBarChart(title: "Pass rate per exercise", bars: statistics.exercisePassRates.map(Self.bar), color: "#1a7f37").svg())

        body.append("<h2>Pass rate per case</h2>")
        for exercise in statistics.casePassRates {
            body.append("<h3>\(Markup.html(exercise.title)) <code>\(Markup.html(exercise.exerciseID))</code></h3>")
            if exercise.cases.isEmpty {
                body.append("<p>No case ran: no submission compiled.</p>")
            } else {
                body.append(SVGBarChart(title: "Pass rate per case of \(exercise.title)", bars: exercise.cases.map(Self.bar), color: "#8250df").svg())
            }
        }

        body.append("<h2>Most common failure of each exercise</h2>")
        if statistics.commonFailures.isEmpty {
            body.append("<p>Every student passed every exercise.</p>")
        } else {
            body.append("<table><thead><tr><th>Exercise</th><th>Most common failure</th><th>Students</th></tr></thead><tbody>")
            for failure in statistics.commonFailures {
                body.append("<tr><td>\(Markup.html(failure.title))</td><td>\(Markup.html(failure.failure))</td><td>\(failure.students) of the \(failure.failing) failing</td></tr>")
            }
            body.append("</tbody></table>")
        }

        body += knownBugs(statistics)

        body.append("<h2>Identical submissions</h2>")
        if statistics.identicalSubmissions.isEmpty {
            body.append("<p>No two students submitted identical files.</p>")
        } else {
            body.append("<ul class=\"identical\">")
            let names = Dictionary(reports.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            for group in statistics.identicalSubmissions {
                let members = group.map { id in names[id]??.isEmpty == false ? "\(names[id]!!) (\(id))" : id }
                body.append("<li>\(Markup.html(members.joined(separator: ", ")))</li>")
            }
            body.append("</ul>")
        }

        body.append("<h2>Students</h2>")
        body.append("<table><thead><tr><th>Id</th><th>Name</th><th>Score</th><th>Notes</th></tr></thead><tbody>")
        for report in reports {
            body.append("<tr><td>\(Markup.html(report.id))</td><td>\(Markup.html(report.name ?? ""))</td><td>\(Score.text(report.score)) / \(report.points)</td><td>\(report.notes.map(Markup.html).joined(separator: "<br>"))</td></tr>")
        }
        body.append("</tbody></table>")

        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Markup.html(title)): class summary</title>
            <style>
            body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
            h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #d0d7de}h3{font-size:1rem}
            .lead{font-size:1.1rem;color:#57606a}
            table{border-collapse:collapse}th,td{border:1px solid #d0d7de;padding:.3rem .6rem;text-align:left;vertical-align:top}
            svg{display:block;max-width:100%;height:auto}
            </style>
            </head>
            <body>
            \(body.joined(separator: "\n"))
            </body>
            </html>

            """
    }

    /// The class's common mistakes: per exercise, how many students' failures match each of
    /// its known bugs (mutants).
    private func knownBugs(_ statistics: ClassStatistics) -> [String] {
        var body = ["<h2>Known mistakes</h2>"]
        guard statistics.lookedForKnownBugs else {
            return body + ["<p>Known mistakes were not looked for (<code>--no-known-bugs</code>).</p>"]
        }
        guard !statistics.knownBugs.isEmpty else {
            return body + ["<p>No student's failures match a known mistake of the course (a mutant in an exercise's <code>Mutants/</code>).</p>"]
        }
        body.append("<p>Students whose failures in an exercise are exactly those of one of its mutants.</p>")
        body.append("<table class=\"known-bugs\"><thead><tr><th>Exercise</th><th>Known mistake</th><th>Students</th></tr></thead><tbody>")
        for exercise in statistics.knownBugs {
            for bug in exercise.bugs {
                body.append("<tr><td>\(Markup.html(exercise.title))</td><td>\(Markup.html(bug.summary)) <code>\(Markup.html(bug.name))</code></td><td>\(bug.students) of the \(exercise.failing) failing</td></tr>")
            }
        }
        body.append("</tbody></table>")
        return body
    }

    private static func bar(_ rate: ClassStatistics.Rate) -> SVGBarChart.Bar {
        .init(label: rate.label, fraction: rate.share, value: "\(Int((rate.share * 100).rounded()))% (\(rate.passed)/\(rate.total))")
    }
}
