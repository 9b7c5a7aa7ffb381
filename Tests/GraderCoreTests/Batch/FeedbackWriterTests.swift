import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

struct FeedbackWriterTests {
    private func files(_ format: some BatchOutputFormat) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try format.render(ClassFixture.reports()).map {
            ($0.path, String(decoding: $0.contents, as: UTF8.self))
        })
    }

    @Test func markdownFeedbackMatchesGolden() throws {
        let markdown = try files(MarkdownFeedbackWriter())
        #expect(markdown.keys.sorted() == ["feedback/s1.md", "feedback/s2.md", "feedback/s3.md", "feedback/s4.md", "feedback/s5.md"])
        for id in ["s1", "s2", "s3", "s4"] {
            try ClassFixture.expectGolden("feedback/\(id).md", try #require(markdown["feedback/\(id).md"]))
        }
    }

    @Test func feedbackShowsTheFirstVisibleFailureWithItsStepAndDifference() throws {
        let text = try #require(try files(MarkdownFeedbackWriter())["feedback/s2.md"])
        #expect(text.contains("**Score: 5.71 / 15 points**"), "10 × 4/7 + 0: \(text)")
        #expect(text.contains(#"✗ case "survives a relaunch", step 3: call value"#))
        #expect(text.contains(#"steps: call increment {"by":5} → relaunch → call value"#))
        #expect(text.contains("expected: 5"))
        #expect(text.contains("actual:   0"))
        #expect(text.contains("4/5 cases passed · 0/1 hidden cases passed"))
        #expect(text.contains("1 hidden case failed; their details are not shown."))
    }

    @Test func hiddenCasesAppearOnlyAsCounts() throws {
        for format in [MarkdownFeedbackWriter() as any BatchOutputFormat, HTMLFeedbackWriter()] {
            for (path, text) in try files(format) {
                #expect(!text.contains(ClassFixture.hiddenSecret), "\(path) shows a hidden case's details")
                #expect(!text.contains("a kill loses what was not saved"), "\(path) names a hidden case")
            }
        }
        let s4 = try #require(try files(MarkdownFeedbackWriter())["feedback/s4.md"])
        #expect(s4.contains("5/5 cases passed · 0/1 hidden cases passed"))
        #expect(!s4.contains("The first failing case"), "only a hidden case fails: \(s4)")
    }

    @Test func compileErrorsShowTheirLines() throws {
        let text = try #require(try files(MarkdownFeedbackWriter())["feedback/s3.md"])
        #expect(text.contains("Your code does not compile, so none of the 6 cases ran:"))
        #expect(text.contains("Exercises/00-fixtures/01-counter/Solution.swift:7:16: error: cannot find 'cuont' in scope"))
        #expect(text.contains("7 |         return cuont < 10 && true"))
        // The note that explains the error, under it.
        let error = try #require(text.range(of: "error: cannot find 'cuont'"))
        let note = try #require(text.range(of: "Solution.swift:2:9: note: did you mean 'count'?"))
        #expect(error.upperBound < note.lowerBound)
        #expect(!text.contains("never used"), "warnings are not errors: \(text)")
    }

    @Test func markdownEscapesNamesAndNotes() throws {
        let text = try #require(try files(MarkdownFeedbackWriter())["feedback/s2.md"])
        #expect(!text.contains("\u{1B}") && !text.contains("\u{0}"), "control characters are replaced")
        #expect(text.contains("| saving…\u{FFFD}[31m red\u{FFFD} nul"))
        #expect(text.hasPrefix(#"# Feedback for Ann "Bo" &lt;b&gt;&amp;&lt;/b&gt; (s2)"#))
        #expect(text.contains("- unknown file ignored: notes &lt;draft&gt;.txt"))
        #expect(text.contains("## ✗ Notes &amp; &lt;Tags&gt; (`99-extra/01-notes`)"))
    }

    @Test func htmlEscapesEverythingAndIsSelfContained() throws {
        let html = try #require(try files(HTMLFeedbackWriter())["feedback/s2.html"])
        #expect(html.contains("<h1>Feedback for Ann &quot;Bo&quot; &lt;b&gt;&amp;&lt;/b&gt; (s2)</h1>"))
        #expect(html.contains("expected 5, got 0 &lt;not saved&gt; &amp; &quot;lost&quot;"))
        #expect(!html.contains("<b>"), "a name's markup must not become markup")
        #expect(!html.contains("\u{1B}") && !html.contains("\u{0}"), "control characters are replaced")
        #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("src="), "nothing is fetched")
    }

    @Test(.enabled(if: ExternalTool.runsTests(needing: "chromium")))
    func htmlFeedbackReadsAsWrittenInARealBrowser() throws {
        let folder = try ClassFixture.outputFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try HTMLFeedbackWriter().write(ClassFixture.reports(), to: folder)
        let page = folder.appendingPathComponent("feedback/s2.html")
        let dom = try Chromium.dumpDOM(page)
        // The browser parsed the escapes back into the text as written, and made no element of it.
        #expect(dom.contains("Feedback for Ann \"Bo\" &lt;b&gt;&amp;&lt;/b&gt; (s2)"), "\(dom)")
        #expect(!dom.contains("<b>&amp;</b>"))
        #expect(dom.contains("<pre>"))
    }

    @Test func studentIDsAreSafeFileNames() {
        #expect(StudentFileName.component("12345") == "12345")
        let odd = StudentFileName.component("../a/b c")
        #expect(!odd.contains("/") && !odd.hasPrefix("."))
        #expect(odd != StudentFileName.component("../a/b_c"), "ids that differ keep different files")
    }
}
