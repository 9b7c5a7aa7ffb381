import Foundation
import GraderCore
import Ink

/// Course Markdown as the book's HTML: prose through Ink, with its links led to the book's
/// pages (``BookLinks``), its headings given anchors (``BookAnchors``) and its images copied
/// (``BookMedia``); fenced code highlighted by the book's own tokenizers (``SyntaxHighlighter``).
///
/// The fences are split off before Ink sees the text (``ReaderMarkdown``, which also leaves out
/// a lesson's hidden setup): Ink 0.6 does not read a fence indented in a list item, and would
/// render the rest of the page as code.
struct BookMarkdown {
    let links: BookLinks
    let anchors: BookAnchors
    let media: BookMedia
    /// The Markdown file, relative to the course's root: its links are relative to it.
    let source: String
    /// The page the HTML goes on, relative to the book's folder.
    let page: String

    func html(_ parts: [ReaderMarkdown.Part]) -> String {
        parts.map { part in
            switch part {
            case .prose(let lines, _): return prose(lines)
            case .code(let block): return Self.code(block)
            }
        }.joined(separator: "\n")
    }

    /// A fenced block: the label of a block that fails on purpose, then the code, highlighted.
    static func code(_ block: ReaderMarkdown.CodeBlock) -> String {
        let language = block.language.isEmpty ? "text" : block.language
        let classes = language == "output" ? "output" : "code language-\(Markup.html(language))"
        let label = block.label.map { "<p class=\"code-label\">\(Markup.html($0))</p>\n" } ?? ""
        let code = block.lines.joined(separator: "\n")
        return label + "<pre class=\"\(classes)\"><code>\(SyntaxHighlighter.html(code, language: language))</code></pre>"
    }

    private func prose(_ lines: [String]) -> String {
        var parser = MarkdownParser()
        parser.addModifier(Modifier(target: .links) { input in link(input.html) })
        parser.addModifier(Modifier(target: .headings) { input in heading(input.html) })
        parser.addModifier(Modifier(target: .images) { input in image(input.html) })
        return parser.html(from: Self.inkReady(lines).joined(separator: "\n"))
    }

    /// The lines of prose with the lines Ink 0.6 would misread joined to the line before them:
    /// it reads a list item's or a quote's lines one by one, so that `**bold**` or `` `code` ``
    /// running onto the next line would show its markers, and it ends a paragraph at a line
    /// that starts with inline code, which would cut a sentence in two.
    static func inkReady(_ lines: [String]) -> [String] {
        enum Block { case paragraph, listItem, quote }
        var joined: [String] = []
        var open: Block?
        for line in lines {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty {
                joined.append(line)
                open = nil
                continue
            }
            let item = isListItem(trimmed)
            switch open {
            case .listItem? where !item && !trimmed.hasPrefix("#") && !trimmed.hasPrefix("|"),
                 .paragraph? where trimmed.hasPrefix("`"):
                joined[joined.count - 1] += " " + trimmed
            case .quote? where trimmed.hasPrefix(">") && trimmed != ">":
                joined[joined.count - 1] += " " + trimmed.dropFirst().drop { $0 == " " }
            default:
                joined.append(line)
                if item {
                    open = .listItem
                } else if trimmed.hasPrefix(">") {
                    open = .quote
                } else {
                    open = trimmed.hasPrefix("#") || trimmed.hasPrefix("|") ? nil : .paragraph
                }
            }
        }
        return joined
    }

    /// `- item`, `* item`, `+ item`, `1. item`, `1) item`.
    private static func isListItem(_ line: Substring) -> Bool {
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        var rest = line.dropFirst(digits.count)
        if digits.isEmpty {
            guard let marker = rest.first, "-*+".contains(marker) else { return false }
        } else {
            guard digits.count <= 9, let marker = rest.first, marker == "." || marker == ")" else { return false }
        }
        rest = rest.dropFirst()
        return rest.isEmpty || rest.first == " " || rest.first == "\t"
    }

    /// `<a href="TARGET">TEXT</a>` with its target led into the book, or TEXT alone.
    private func link(_ html: String) -> String {
        guard let (target, rest) = Self.attribute("href", openingTag: "<a ", of: html), rest.hasSuffix("</a>"),
              let textStart = rest.firstIndex(of: ">") else { return html }
        let text = String(rest[rest.index(after: textStart)..<rest.index(rest.endIndex, offsetBy: -4)])
        guard let href = links.href(Self.unescaped(target), source: source, page: page) else {
            return "<span class=\"unlinked\">\(text)</span>"
        }
        let external = CourseLink.scheme(of: href) != nil ? " class=\"external\"" : ""
        return "<a href=\"\(Markup.html(href))\"\(external)>\(text)</a>"
    }

    /// `<hN>TEXT</hN>` with the id GitHub gives it.
    private func heading(_ html: String) -> String {
        guard html.hasPrefix("<h"), html.count > 4, let level = Int(String(html[html.index(html.startIndex, offsetBy: 2)])) else { return html }
        let inner = html.dropFirst(4).dropLast(5)
        let id = anchors.heading(level: level, title: Self.plainText(String(inner)))
        return "<h\(level) id=\"\(Markup.html(id))\">\(inner)</h\(level)>"
    }

    /// `<img src="PATH" alt="TEXT"/>` with the image copied into the book; the text alone when
    /// the image is not the course's (a web image would make the book fetch it: a link instead).
    private func image(_ html: String) -> String {
        guard let (source, _) = Self.attribute("src", openingTag: "<img ", of: html) else { return html }
        let alt = Self.attribute("alt", openingTag: "", of: html)?.value ?? ""
        let target = Self.unescaped(source)
        if let scheme = CourseLink.scheme(of: target) {
            guard CourseLink.webSchemes.contains(scheme.lowercased()) else { return "<span class=\"unlinked\">\(alt)</span>" }
            return "<a href=\"\(Markup.html(target))\" class=\"external\">\(alt.isEmpty ? Markup.html(target) : alt)</a>"
        }
        let (path, _) = CourseLink.split(target)
        guard let file = CourseLink.resolve(path, from: self.source), let placed = media.place(file) else {
            return "<span class=\"unlinked\">\(alt)</span>"
        }
        return "<img src=\"\(Markup.html(BookOutline.relative(from: page, to: placed)))\" alt=\"\(alt)\">"
    }

    /// The value of `name="…"` in the tag Ink wrote, and what follows it.
    private static func attribute(_ name: String, openingTag: String, of html: String) -> (value: String, rest: Substring)? {
        guard html.hasPrefix(openingTag), let start = html.range(of: " \(name)=\"") ?? (openingTag.isEmpty ? nil : html.range(of: "\(name)=\"")),
              let end = html[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return (String(html[start.upperBound..<end]), html[html.index(after: end)...])
    }

    /// The text of an HTML fragment: tags left out, Ink's entities read.
    static func plainText(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return unescaped(text)
    }

    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
