import Foundation
import Testing
@testable import GraderCore

/// Inline Markdown as the course writes it: emphasis nested either way, code taken literally.
struct MarkdownInlineTests {
    @Test func emphasisStrongAndCode() {
        #expect(MarkdownInline.parse("a **bold** b") == [.text("a "), .strong([.text("bold")]), .text(" b")])
        #expect(MarkdownInline.parse("*it* and _it_") == [.emphasis([.text("it")]), .text(" and "), .emphasis([.text("it")])])
        #expect(MarkdownInline.parse("use `set(_:forKey:)` now") == [.text("use "), .code("set(_:forKey:)"), .text(" now")])
    }

    @Test func nestedEmphasis() {
        #expect(MarkdownInline.parse("**bold *italic* bold**")
            == [.strong([.text("bold "), .emphasis([.text("italic")]), .text(" bold")])])
        #expect(MarkdownInline.parse("*italic **bold** italic*")
            == [.emphasis([.text("italic "), .strong([.text("bold")]), .text(" italic")])])
        #expect(MarkdownInline.parse("**`code` in bold**") == [.strong([.code("code"), .text(" in bold")])])
    }

    @Test func codeSpansKeepTheirStarsAndUnderscores() {
        #expect(MarkdownInline.parse("`a * b * c` and `**not bold**`") == [.code("a * b * c"), .text(" and "), .code("**not bold**")])
        #expect(MarkdownInline.parse("`` `x` ``") == [.code("`x`")])
        #expect(MarkdownInline.parse("`[0][3]`") == [.code("[0][3]")])
    }

    @Test func delimitersThatAreText() {
        #expect(MarkdownInline.parse("snake_case_name") == [.text("snake_case_name")])
        #expect(MarkdownInline.parse("2 * 3 * 4") == [.text("2 * 3 * 4")])
        #expect(MarkdownInline.parse("**never closed") == [.text("**never closed")])
        #expect(MarkdownInline.parse("a ` lone backtick") == [.text("a ` lone backtick")])
        #expect(MarkdownInline.parse(#"\*not\* \_emphasis\_ \`x\`"#) == [.text("*not* _emphasis_ `x`")])
    }

    @Test func linksImagesAndAutolinks() {
        #expect(MarkdownInline.parse("see [the **docs**](../x.md#y) now")
            == [.text("see "), .link([.text("the "), .strong([.text("docs")])], target: "../x.md#y"), .text(" now")])
        #expect(MarkdownInline.parse(#"[t](https://a.b/c_(d) "Title")"#) == [.link([.text("t")], target: "https://a.b/c_(d)")])
        #expect(MarkdownInline.parse("![a plot](plot.png)") == [.image(alt: "a plot", target: "plot.png")])
        #expect(MarkdownInline.parse("<https://swift.org>") == [.link([.text("https://swift.org")], target: "https://swift.org")])
        #expect(MarkdownInline.parse("[not a link] (x)") == [.text("[not a link] (x)")])
        #expect(MarkdownInline.parse("a < b > c") == [.text("a < b > c")])
    }

    @Test func lineBreaks() {
        #expect(MarkdownInline.parse("one\ntwo") == [.text("one two")])
        #expect(MarkdownInline.parse("one  \ntwo") == [.text("one"), .lineBreak, .text("two")])
        #expect(MarkdownInline.parse("one\\\ntwo") == [.text("one"), .lineBreak, .text("two")])
    }

    @Test func manyUnclosedOpenersStayQuick() {
        // Each opener is parsed once: without that, this would take exponential time.
        let text = String(repeating: "*a _b ", count: 400)
        #expect(MarkdownInline.plainText(MarkdownInline.parse(text)) == text)
    }
}
