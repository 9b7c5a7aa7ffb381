import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

struct ClassSummaryWriterTests {
    @Test func statisticsOfTheClass() {
        let statistics = ClassStatistics(ClassFixture.reports())
        #expect(statistics.students == 5)
        // s1 15/15, s2 and s5 5.71/15 (38%), s3 5/15 (33%), s4 13.57/15 (90%).
        #expect(statistics.distribution.map(\.students) == [0, 0, 0, 3, 0, 0, 0, 0, 0, 2])
        #expect(statistics.exercisePassRates == [
            .init(label: "Counter", passed: 1, total: 5), .init(label: "Notes & <Tags>", passed: 3, total: 5),
        ])
        let counterCases = statistics.casePassRates[0].cases
        #expect(counterCases.count == 6)
        #expect(counterCases[2] == .init(label: "survives a relaunch", passed: 2, total: 4), "s3 did not compile: no case ran")
        #expect(counterCases[5] == .init(label: "a kill loses what was not saved (hidden)", passed: 1, total: 4))
        #expect(statistics.commonFailures[0] == .init(exerciseID: ClassFixture.counterID, title: "Counter",
                                                      failure: #"case "survives a relaunch": wrong_value"#, students: 2, failing: 4))
        #expect(statistics.identicalSubmissions == [["s2", "s5"]])
    }

    private func writtenSummary() throws -> (folder: URL, page: URL) {
        let folder = try ClassFixture.outputFolder()
        try ClassSummaryWriter(title: "Persistence & <Core Data>").write(ClassFixture.reports(), to: folder)
        return (folder, folder.appendingPathComponent("summary.html"))
    }

    @Test func theSummaryIsOneOfflineFile() throws {
        let (folder, page) = try writtenSummary()
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["summary.html"])
        #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("src=") && !html.contains("url("))
        #expect(html.components(separatedBy: "<svg ").count - 1 == 4, "distribution, exercises, and the cases of each of two exercises")
        #expect(html.contains("<h1>Persistence &amp; &lt;Core Data&gt;: class summary</h1>"))
        #expect(html.contains("<li>Ann &quot;Bo&quot; &lt;b&gt;&amp;&lt;/b&gt; (s2), Bea (s5)</li>"))
    }

    @Test(.enabled(if: ExternalTool.runsTests(needing: "chromium")))
    func aRealBrowserRendersTheChartsAndTheirLabels() throws {
        let (folder, page) = try writtenSummary()
        defer { try? FileManager.default.removeItem(at: folder) }

        let png = folder.appendingPathComponent("summary.png")
        try Chromium.screenshot(page, to: png, width: 1100, height: 1600)
        let data = try Data(contentsOf: png)
        if let keep = ProcessInfo.processInfo.environment["KEEP_SUMMARY_SCREENSHOT"] {
            // To look at it: KEEP_SUMMARY_SCREENSHOT=/tmp/summary.png swift test --filter ClassSummaryWriterTests
            try data.write(to: URL(fileURLWithPath: keep))
        }
        let size = try #require(Chromium.pngSize(data), "not a PNG")
        #expect(size.width == 1100 && size.height == 1600)
        // A blank page compresses to a few kilobytes; bars, labels and tables take far more.
        #expect(data.count > 40_000, "the screenshot is \(data.count) bytes: nothing drawn?")

        let dom = try Chromium.dumpDOM(page)
        for label in ["Score distribution", "Pass rate per exercise", "Pass rate per case", "30–40%", "3 students", "90–100%", "2 students",
                      "Counter", "Notes &amp; &lt;Tags&gt;", "20% (1/5)", "60% (3/5)", "survives a relaunch", "50% (2/4)",
                      "a kill loses what was not saved (hidden)", "case \"survives a relaunch\": wrong_value",
                      "Ann \"Bo\" &lt;b&gt;&amp;&lt;/b&gt; (s2), Bea (s5)", "Zoë Núñez"] {
            #expect(dom.contains(label), "the rendered page lacks \(label)")
        }
        #expect(dom.components(separatedBy: "<svg ").count - 1 == 4)
    }
}
