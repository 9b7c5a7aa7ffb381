import Foundation
import Testing
@testable import GraderCore

struct ReaderMarkdownTests {
    @Test func aLessonLosesItsHiddenSetupAndSaysWhatFailingBlocksDo() throws {
        let text = try String(contentsOf: Fixtures.directory.appendingPathComponent("lessons/passing.md"), encoding: .utf8)
        let document = try LessonDocument(text: text, url: URL(fileURLWithPath: "/tmp/passing.md"), displayPath: "Lessons/passing.md")
        let blocks = ReaderMarkdown(lesson: document).parts.compactMap { part -> ReaderMarkdown.CodeBlock? in
            if case .code(let block) = part { return block } else { return nil }
        }
        #expect(blocks.map(\.language) == ["swift", "swift", "swift", "output", "swift", "swift", "swift", "swift", "swift", "swift", "text", "xml"])
        let first = blocks[0].lines.joined(separator: "\n")
        #expect(!first.contains("snippet") && !first.contains("removeObject"), "hidden setup is left out")
        #expect(first.contains("// Prints \"from hidden setup\"") && first.contains("var greeting = \"Hello\""))
        #expect(blocks[3].lines == ["line 1", "line 2", "line 3"])
        #expect(blocks.map(\.label) == [nil, nil, nil, nil, nil, nil, nil, "This does not compile:", "This crashes when it runs:", nil, nil, nil])
        #expect(blocks[0].line == 5, "the opening fence's line in the file")
        // Prose keeps the file's lines, with the line it starts at.
        guard case .prose(let lines, let line) = ReaderMarkdown(lesson: document).parts[0] else {
            Issue.record("the lesson starts with prose")
            return
        }
        #expect(line == 1 && lines.first == "# A fixture lesson")
    }

    @Test func aFenceIndentedInAListItemLosesOnlyItsOwnIndentation() {
        let text = "- creates the table:\n\n  ```sql\n  CREATE TABLE people (\n      id INTEGER\n  )\n  ```\n\n  and the next launch too.\n"
        let parts = ReaderMarkdown(markdown: text).parts
        #expect(parts.count == 3)
        #expect(parts[1] == .code(.init(language: "sql", lines: ["CREATE TABLE people (", "    id INTEGER", ")"], line: 3)))
        #expect(parts[2] == .prose(["", "  and the next launch too."], line: 8))
    }

    @Test func aFenceNeverClosedStaysProseAndLongerFencesHoldShorterOnes() {
        let unclosed = ReaderMarkdown(markdown: "Text\n```swift\nlet x = 1\n").parts
        #expect(unclosed == [.prose(["Text", "```swift", "let x = 1"], line: 1)])
        let nested = ReaderMarkdown(markdown: "````markdown\n```swift\nx\n```\n````\n").parts
        #expect(nested == [.code(.init(language: "markdown", lines: ["```swift", "x", "```"], line: 1))])
    }
}
