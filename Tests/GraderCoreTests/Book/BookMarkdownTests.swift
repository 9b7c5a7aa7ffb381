import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

struct BookMarkdownTests {
    private func render(_ markdown: String, in course: TemporaryCourse, source: String = "Lessons/00-fixtures.md") throws -> (html: String, media: BookMedia, anchors: BookAnchors) {
        let loaded = try CourseLoader().load(root: course.root)
        let media = BookMedia(courseRoot: course.root)
        let anchors = BookAnchors()
        let renderer = BookMarkdown(links: BookLinks(outline: BookOutline(course: loaded.course), anchorsByPage: [:]),
                                    anchors: anchors, media: media, source: source, page: "lessons/00-fixtures.html")
        return (renderer.html(ReaderMarkdown(markdown: markdown).parts), media, anchors)
    }

    @Test func inkReadsWhatItWouldSplitWhenItsLinesAreJoined() {
        let lines = ["The **standard** instance,", "`UserDefaults.standard`, is shared.", "",
                     "- returns nil **and", "  makes it fail**, then", "- second item", "",
                     "> **On Linux:** a bare `nil`", "> calls itself.", "",
                     "| a | b |", "`x` after a table row"]
        #expect(BookMarkdown.inkReady(lines) == [
            "The **standard** instance, `UserDefaults.standard`, is shared.", "",
            "- returns nil **and makes it fail**, then", "- second item", "",
            "> **On Linux:** a bare `nil` calls itself.", "",
            "| a | b |", "`x` after a table row",
        ])
    }

    @Test func headingsGetGitHubsAnchorsAndCodeIsHighlighted() throws {
        let course = try TemporaryCourse.fixture()
        let (html, _, anchors) = try render("# Title\n\n## Default values with `register(defaults:)`\n\n## Summary\n\n## Summary\n\n```swift\nlet x = \"<b>\"\n```\n", in: course)
        #expect(html.contains("<h2 id=\"default-values-with-registerdefaults\">Default values with <code>register(defaults:)</code></h2>"))
        #expect(html.contains("<h2 id=\"summary\">") && html.contains("<h2 id=\"summary-1\">"))
        #expect(anchors.headings.map(\.id) == ["title", "default-values-with-registerdefaults", "summary", "summary-1"])
        #expect(html.contains("<pre class=\"code language-swift\"><code><span class=\"hl-keyword\">let</span> x = <span class=\"hl-string\">&quot;&lt;b&gt;&quot;</span></code></pre>"))
    }

    @Test func imagesOfTheCourseAreCopiedAndOthersAreNot() throws {
        let course = try TemporaryCourse.fixture()
        try course.write("Lessons/images/diagram.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try course.write("Exercises/00-fixtures/01-counter/Reference/secret.png", "not shown")
        try FileManager.default.createSymbolicLink(atPath: course.root.appendingPathComponent("Lessons/images/outside.png").path,
                                                   withDestinationPath: course.root.appendingPathComponent("Exercises/00-fixtures/01-counter/Reference/secret.png").path)
        let (html, media, _) = try render("""
            ![The diagram](images/diagram.svg) and ![gone](images/none.png) and \
            ![reference](../Exercises/00-fixtures/01-counter/Reference/secret.png) and ![web](https://example.org/a.png) \
            and ![linked](images/outside.png)
            """, in: course)
        #expect(html.contains("<img src=\"../media/Lessons/images/diagram.svg\" alt=\"The diagram\">"))
        #expect(html.contains("<span class=\"unlinked\">gone</span>") && html.contains("<span class=\"unlinked\">reference</span>"))
        #expect(html.contains("<span class=\"unlinked\">linked</span>"), "a symbolic link could lead anywhere")
        #expect(html.contains("<a href=\"https://example.org/a.png\" class=\"external\">web</a>"), "an offline book fetches nothing")
        #expect(media.files == ["Lessons/images/diagram.svg"])
    }
}
