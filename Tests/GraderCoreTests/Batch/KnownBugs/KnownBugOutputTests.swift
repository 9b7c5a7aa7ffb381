import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

/// Where the known bugs a student's failures match show: the feedback (Markdown and HTML), the
/// class summary's counts, JUnit's `system-out` and Gradescope's `output`; never a hidden case.
struct KnownBugOutputTests {
    static let forgetsToSave = KnownBug(name: "forgets-to-save", summary: "forgets to save before relaunch",
                                        hint: "What does iOS keep of your app's <memory> when it ends it?")
    static let wrongKey = KnownBug(name: "wrong-key", summary: "reads the count under another *key*.")
    static let keepsInMemory = KnownBug(name: "keeps-in-memory", summary: "keeps the count in memory only", hint: "Relaunch it.")

    /// ClassFixture's class, looked at for known bugs: s2 (a wrong value after a relaunch and a
    /// hidden failure) is like one mutant, s5 (the same files) like two, s4 (only its hidden case
    /// fails) like a third, the others like none.
    @Test func aStudentSeesWhatTheirCodeDoesNotWhyAStudentWroteIt() {
        let bug = KnownBug(Mutant(name: "empty-is-missing", form: .reference,
                                  summary: #"returns nil for "", because the student thinks of "" as "no value", so a setting of "" reads as missing"#))
        #expect(bug.summary == #"returns nil for "", so a setting of "" reads as missing"#)
        #expect(KnownBug.addressedToTheStudent("deletes the accounts by hand and forgets the user, because the student read that the accounts must go first")
                == "deletes the accounts by hand and forgets the user")
        #expect(KnownBug.addressedToTheStudent("matches with LIKE, because the student learned LIKE; * then matches every name")
                == "matches with LIKE; * then matches every name")
        #expect(KnownBug.addressedToTheStudent("forgets to save before relaunch") == "forgets to save before relaunch")
    }

    static func reports() -> [StudentReport] {
        ClassFixture.reports().map { report in
            var report = report
            switch report.id {
            case "s2": report.knownBugs = [KnownBugMatch(exercise: ClassFixture.counterID, mutants: [forgetsToSave])]
            case "s5": report.knownBugs = [KnownBugMatch(exercise: ClassFixture.counterID, mutants: [forgetsToSave, wrongKey])]
            case "s4": report.knownBugs = [KnownBugMatch(exercise: ClassFixture.counterID, mutants: [keepsInMemory])]
            default: report.knownBugs = []
            }
            return report
        }
    }

    private func files(_ format: some BatchOutputFormat, _ reports: [StudentReport] = reports()) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try format.render(reports).map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) })
    }

    @Test func markdownFeedbackNamesTheKnownMistakeAndItsHint() throws {
        let markdown = try files(MarkdownFeedbackWriter())
        let s2 = try #require(markdown["feedback/s2.md"])
        #expect(s2.contains("""
            Your code behaves like a known mistake: *forgets to save before relaunch*.

            Hint: What does iOS keep of your app's &lt;memory&gt; when it ends it?
            """), "\(s2)")
        try ClassFixture.expectGolden("known-bugs/s2.md", s2)
        let s5 = try #require(markdown["feedback/s5.md"])
        #expect(s5.contains("""
            Your code behaves like one of these known mistakes:

            - *forgets to save before relaunch*. Hint: What does iOS keep of your app's &lt;memory&gt; when it ends it?
            - *reads the count under another \\*key\\*.*
            """), "one full stop after a summary that has its own: \(s5)")
        for id in ["s1", "s3"] {
            #expect(markdown["feedback/\(id).md"]?.contains("known mistake") == false, "\(id) matched nothing")
        }
        // The Counter section holds it, before the next exercise's.
        let counter = try #require(s2.range(of: "## ✗ Counter"))
        let notes = try #require(s2.range(of: "## ✗ Notes"))
        let sentence = try #require(s2.range(of: "known mistake"))
        #expect(counter.upperBound < sentence.lowerBound && sentence.upperBound < notes.lowerBound)
    }

    @Test func aMatchOnHiddenCasesKeepsThemCounts() throws {
        for format in [MarkdownFeedbackWriter() as any BatchOutputFormat, HTMLFeedbackWriter()] {
            for (path, text) in try files(format) {
                #expect(!text.contains(ClassFixture.hiddenSecret), "\(path) shows a hidden case's details")
                #expect(!text.contains("a kill loses what was not saved"), "\(path) names a hidden case")
            }
        }
        let s4 = try #require(try files(MarkdownFeedbackWriter())["feedback/s4.md"])
        #expect(s4.contains("5/5 cases passed · 0/1 hidden cases passed"))
        #expect(s4.contains("Your code behaves like a known mistake: *keeps the count in memory only*.\n\nHint: Relaunch it."), "\(s4)")
    }

    @Test func htmlFeedbackEscapesTheMistakeAndItsHint() throws {
        let html = try files(HTMLFeedbackWriter())
        let s2 = try #require(html["feedback/s2.html"])
        #expect(s2.contains(#"<p class="known-bug">Your code behaves like a known mistake: <em>forgets to save before relaunch</em>.</p>"#))
        #expect(s2.contains(#"<p class="hint">Hint: What does iOS keep of your app&#39;s &lt;memory&gt; when it ends it?</p>"#))
        let s5 = try #require(html["feedback/s5.html"])
        #expect(s5.contains(#"<li><em>reads the count under another *key*.</em></li>"#))
        #expect(html["feedback/s1.html"]?.contains("known-bug\"") == false)
    }

    @Test func theSummaryCountsTheStudentsOfEachKnownMistake() throws {
        let statistics = ClassStatistics(Self.reports())
        #expect(statistics.lookedForKnownBugs)
        #expect(statistics.knownBugs == [ClassStatistics.KnownBugCounts(
            exerciseID: ClassFixture.counterID, title: "Counter",
            bugs: [.init(name: "forgets-to-save", summary: "forgets to save before relaunch", students: 2),
                   .init(name: "keeps-in-memory", summary: "keeps the count in memory only", students: 1),
                   .init(name: "wrong-key", summary: "reads the count under another *key*.", students: 1)],
            failing: 4)])
        let page = try #require(try files(ClassSummaryWriter(title: "T"))["summary.html"])
        #expect(page.contains("<tr><td>Counter</td><td>forgets to save before relaunch <code>forgets-to-save</code></td><td>2 of the 4 failing</td></tr>"))

        let none = try #require(try files(ClassSummaryWriter(title: "T"), ClassFixture.reports().map { report in
            var report = report
            report.knownBugs = []
            return report
        })["summary.html"])
        #expect(none.contains("No student's failures match a known mistake"))
        let unasked = try #require(try files(ClassSummaryWriter(title: "T"), ClassFixture.reports())["summary.html"])
        #expect(unasked.contains("Known mistakes were not looked for"))
    }

    @Test func junitAndGradescopeCarryItInTheirMessages() throws {
        let xml = try #require(try files(JUnitWriter(course: try ClassFixture.course()))["junit.xml"])
        #expect(xml.contains("Your code behaves like a known mistake: forgets to save before relaunch. Hint: What does iOS keep of your app&apos;s &lt;memory&gt; when it ends it?</system-out>"))
        let gradescope = try #require(try files(GradescopeWriter(course: try ClassFixture.course()))["gradescope/s2/results.json"])
        let results = try #require(try JSONSerialization.jsonObject(with: Data(gradescope.utf8)) as? [String: Any])
        let output = try #require(results["output"] as? String)
        #expect(output.hasSuffix("\nCounter: Your code behaves like a known mistake: forgets to save before relaunch. Hint: What does iOS keep of your app's <memory> when it ends it?"), "\(output)")
    }
}
