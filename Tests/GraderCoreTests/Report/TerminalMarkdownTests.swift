import Foundation
import Testing
@testable import GraderCore

/// Course Markdown rendered for the terminal, construct by construct, in plain text (a pipe,
/// `NO_COLOR`) and with colours.
struct TerminalMarkdownTests {
    private let plain = TerminalStyle(colors: false)

    private func render(_ markdown: String, width: Int = 80, colors: Bool = false, links: TerminalLinks = TerminalLinks(),
                        source: String = "Lessons/01-defaults.md") -> String {
        TerminalMarkdown(style: TerminalStyle(colors: colors), width: width, links: links).render(markdown: markdown, source: source)
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
    }

    @Test func headingsAreUnderlinedAtLevelsOneAndTwo() {
        #expect(render("# Car settings\n\n## What to build\n\n### Details\n\nText.")
            == "Car settings\n════════════\n\nWhat to build\n─────────────\n\nDetails\n\nText.\n")
        // With colours, the whole heading is bold, after a code span too.
        let coloured = render("# Using `set` here", colors: true)
        #expect(coloured.hasPrefix("\u{1B}[1mUsing\u{1B}[0m \u{1B}[1m\u{1B}[36mset\u{1B}[0m\u{1B}[0m \u{1B}[1mhere\u{1B}[0m\n"),
                "\(coloured.debugDescription)")
    }

    @Test func emphasisAndCodeLoseTheirMarkersWithoutColours() {
        let text = render("Some **bold**, *italic*, _also_ and `code * with stars`, \\*escaped\\*.")
        #expect(text == "Some bold, italic, also and code * with stars, *escaped*.\n")
    }

    @Test func withColoursEachStyleHasItsOwnEscape() {
        let text = render("**b** *i* `c`", colors: true)
        #expect(text.contains("\u{1B}[1mb\u{1B}[0m"))
        #expect(text.contains("\u{1B}[3mi\u{1B}[0m"))
        #expect(text.contains("\u{1B}[36mc\u{1B}[0m"))
        #expect(!text.contains("**") && !text.contains("`"))
    }

    @Test func paragraphsAreRewrappedToTheWidth() {
        let sentence = Array(repeating: "persistence", count: 30).joined(separator: " ")
        let narrow = lines(render("A\nshort line.\n\n" + sentence, width: 40))
        #expect(narrow.first == "A short line.")
        #expect(narrow.dropFirst(2).allSatisfy { $0.count <= 40 && $0.count > 28 }, "\(narrow)")
        // A wide terminal still gets lines of a readable length.
        let wide = lines(render(sentence, width: 200))
        #expect(wide.allSatisfy { $0.count <= TerminalMarkdown.readingWidth } && wide.count > 1)
        // A word longer than the line is cut rather than overflowing it.
        let long = lines(render(String(repeating: "x", count: 50), width: 20))
        #expect(long == ["xxxxxxxxxxxxxxxxxxxx", "xxxxxxxxxxxxxxxxxxxx", "xxxxxxxxxx"])
    }

    @Test func listsKeepTheirMarkersAndHangTheirLines() {
        let markdown = """
        - first item that is long enough to wrap onto a second line here
        - second
          - nested one
        - third, lazily
        continued

        1. one
        2. two
        """
        #expect(lines(render(markdown, width: 40)) == [
            "• first item that is long enough to wrap",
            "  onto a second line here",
            "• second",
            "  ◦ nested one",
            "• third, lazily continued",
            "",
            "1. one",
            "2. two",
        ])
        let numbered = lines(render((1...10).map { "\($0). item" }.joined(separator: "\n")))
        #expect(numbered.first == " 1. item" && numbered.last == "10. item")
    }

    @Test func aLooseListKeepsItsBlankLines() {
        #expect(lines(render("- one\n\n- two")) == ["• one", "", "• two"])
    }

    @Test func blockQuotesHaveABar() {
        let text = lines(render("> **On Linux:** a stored `Int.max` comes back as an `Int64`,\n> so it reads as 0.", width: 30))
        #expect(text == ["│ On Linux: a stored Int.max", "│ comes back as an Int64, so", "│ it reads as 0."])
    }

    @Test func codeBlocksKeepTheirGutterAndLabels() throws {
        let text = render("Before:\n\n```swift\nlet a = 1   // *not* emphasis\n    indented\n```\n\nAfter.", width: 20)
        #expect(lines(text) == ["Before:", "", "    │ let a = 1   // *not* emphasis", "    │     indented", "", "After."])
        let lesson = try LessonDocument(text: "Text.\n\n```swift compile_fail(\"cannot\")\nlet x: Int = \"a\"\n```\n",
                                        url: URL(fileURLWithPath: "/tmp/l.md"), displayPath: "Lessons/l.md")
        let shown = TerminalMarkdown(style: plain).render(lesson: lesson)
        #expect(shown == "Text.\n\n    This does not compile:\n    │ let x: Int = \"a\"\n")
    }

    @Test func rulesAndIndentedContinuations() {
        #expect(lines(render("a\n\n---\n\nb", width: 20)) == ["a", "", String(repeating: "─", count: 20), "", "b"])
        #expect(lines(render("  The rest of an item,\n  after its code.", width: 30)) == ["  The rest of an item, after", "  its code."])
    }

    @Test func linksShowWhatOpensThem() throws {
        let course = try TemporaryCourse(files: [
            "grader.yml": """
            format: 1
            title: Links
            lessons:
              - id: 01-defaults
                title: Defaults
                exercises: [01-car-settings]
              - id: 02-paths
                title: Paths
                exercises: []
            """,
            "Exercises/01-defaults/01-car-settings/exercise.yml": "format: 1\n",
        ])
        let manifest = try CourseLoader().loadManifest(root: course.root)
        let links = TerminalLinks(manifest: manifest)
        let markdown = """
        [Car settings](../Exercises/01-defaults/01-car-settings/README.md),
        [the folder](../Exercises/01-defaults/01-car-settings), [lesson 2](02-paths.md#urls),
        [the starter](../Exercises/01-defaults/01-car-settings/Solution.swift), [above](#property-lists),
        [Swift](https://swift.org), <https://swift.org/blog>, [mail](mailto:a@b.org), [gone](../../x.md).
        """
        let text = lines(render(markdown, width: 500, links: links)).joined(separator: " ")
        #expect(text + "\n" == "Car settings (grader show car-settings), the folder (grader show car-settings), "
            + "lesson 2 (grader lessons show 2), the starter (Exercises/01-defaults/01-car-settings/Solution.swift), "
            + "above, Swift (https://swift.org), https://swift.org/blog, mail (a@b.org), gone (../../x.md).\n")
        // From a statement, relative links start at the exercise's folder.
        #expect(render("[Lesson 1](../../../Lessons/01-defaults.md)", links: links, source: "Exercises/01-defaults/01-car-settings/README.md")
            == "Lesson 1 (grader lessons show 1)\n")
        // A command is never cut across lines.
        let narrow = lines(render("Start with [Car settings](../Exercises/01-defaults/01-car-settings/README.md).", width: 30, links: links))
        #expect(narrow == ["Start with Car settings", "(grader show car-settings)."])
    }

    @Test func tablesAreAlignedWithoutColours() {
        let markdown = """
        | Swift type | Stored as |
        | --- | ---: |
        | `String` | a string |
        | `[String: Value]` | a dictionary |
        """
        #expect(lines(render(markdown)) == [
            "┌─────────────────┬──────────────┐",
            "│ Swift type      │    Stored as │",
            "├─────────────────┼──────────────┤",
            "│ String          │     a string │",
            "│ [String: Value] │ a dictionary │",
            "└─────────────────┴──────────────┘",
        ])
    }

    @Test func aTableWiderThanTheTerminalWrapsItsCellsInsideTheirColumns() {
        let markdown = """
        | Type | case | fields it needs | optional fields |
        | --- | --- | --- | --- |
        | `PSTextFieldSpecifier` | `textField` | `Key` | `Title`, `DefaultValue` (a string), `IsSecure` (false when absent) |
        | `PSSliderSpecifier` | `slider` | `Key`, `MinimumValue`, `MaximumValue` (numbers) | `DefaultValue` (a number) |
        """
        // The four longest words and the lines take 67 columns: from there, no word is cut.
        for width in [67, 80, 100] {
            let text = lines(render(markdown, width: width))
            #expect(text.allSatisfy { $0.count <= width }, "\(width): \(text.joined(separator: "\n"))")
            #expect(text.first?.hasPrefix("┌") == true && text.last?.hasPrefix("└") == true)
            // Every word is still there, none cut: the longest fits its column.
            let words = Set(text.joined(separator: " ").split(whereSeparator: { " │┌┐└┘├┤┼┬┴─,()".contains($0) }).map(String.init))
            for word in ["PSTextFieldSpecifier", "DefaultValue", "MinimumValue", "MaximumValue", "IsSecure", "absent", "numbers"] {
                #expect(words.contains(word), "\(width): \(word) in \(text.joined(separator: "\n"))")
            }
            // Rows of several lines are ruled apart.
            #expect(text.filter { $0.hasPrefix("├") }.count == 2)
        }
        // Narrower, the box goes and lines stay between the columns only: four columns more for words.
        let open = lines(render(markdown, width: 64))
        #expect(open.allSatisfy { $0.count <= 64 } && !open.contains { $0.contains("┌") || $0.contains("└") }, "\(open.joined(separator: "\n"))")
        #expect(open[0].hasPrefix("Type ") && open[0].contains(" │ case ") && open.contains { $0.hasPrefix("PSTextFieldSpecifier │ ") })
        // Narrower than its longest words, the table still fits by cutting them.
        for width in [40, 60] {
            let cut = lines(render(markdown, width: width))
            #expect(cut.allSatisfy { $0.count <= width }, "\(cut.joined(separator: "\n"))")
        }
    }

    @Test func aTableInsideAListItemIsIndentedWithIt() {
        let markdown = "- Each type:\n\n  | a | b |\n  | --- | --- |\n  | 1 | 2 |\n"
        #expect(lines(render(markdown)) == ["• Each type:", "", "  ┌───┬───┐", "  │ a │ b │", "  ├───┼───┤", "  │ 1 │ 2 │", "  └───┴───┘"])
    }

    @Test func wideCharactersCountTwoColumns() {
        #expect(TerminalStyle.columns(of: "日本") == 4)
        #expect(TerminalStyle.columns(of: "León") == 4)
        #expect(TerminalStyle.columns(of: "\u{1B}[1mbold\u{1B}[0m") == 4)
    }
}
