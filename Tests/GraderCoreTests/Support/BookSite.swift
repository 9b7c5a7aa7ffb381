import Foundation

/// A book `grader book` wrote, read back as a browser would follow it: its pages, their text,
/// their links and the ids their links may point at.
struct BookSite {
    let folder: URL
    /// Every `.html` file, relative to the folder.
    let pages: [String]

    init(_ folder: URL) throws {
        self.folder = folder
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var pages: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".html") { pages.append(path) }
        }
        self.pages = pages.sorted()
    }

    func html(_ page: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)
    }

    /// What a reader sees of a page: tags left out, entities read, spaces collapsed.
    func text(_ page: String) throws -> String {
        Self.text(ofHTML: try html(page))
    }

    static func text(ofHTML html: String) -> String {
        let tags = try! NSRegularExpression(pattern: "<[^>]*>")
        let bare = tags.stringByReplacingMatches(in: html, range: NSRange(html.startIndex..., in: html), withTemplate: "")
        return collapsed(unescaped(bare))
    }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Every `href` and `src` of a page, entities read.
    func links(_ page: String) throws -> [String] {
        let html = try html(page)
        let pattern = try NSRegularExpression(pattern: #"\b(?:href|src)="([^"]*)""#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            Self.unescaped(String(html[Range($0.range(at: 1), in: html)!]))
        }
    }

    func ids(_ page: String) throws -> Set<String> {
        let html = try html(page)
        let pattern = try NSRegularExpression(pattern: #"\bid="([^"]*)""#)
        return Set(pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            Self.unescaped(String(html[Range($0.range(at: 1), in: html)!]))
        })
    }

    /// The links of every page that lead nowhere: to a file the book does not have, or to an id
    /// the target page does not hold. Web addresses (`https:`) are not followed; any other
    /// scheme, or an absolute path, is reported, since the book must work from any folder.
    func brokenLinks() throws -> [String] {
        var broken: [String] = []
        for page in pages {
            for link in try links(page) {
                if link.hasPrefix("https://") || link.hasPrefix("http://") || link.hasPrefix("mailto:") { continue }
                if link.contains(":") || link.hasPrefix("/") {
                    broken.append("\(page): \(link) is not relative")
                    continue
                }
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? page
                    : URL(fileURLWithPath: page, relativeTo: URL(fileURLWithPath: "/book/")).deletingLastPathComponent()
                        .appendingPathComponent(parts[0]).standardizedFileURL.path.replacingOccurrences(of: "/book/", with: "")
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(target).path, isDirectory: &isDirectory),
                      !isDirectory.boolValue, !target.hasPrefix("/") else {
                    broken.append("\(page): \(link) leads to no file of the book")
                    continue
                }
                if parts.count == 2, !parts[1].isEmpty, target.hasSuffix(".html"), !(try ids(target)).contains(parts[1]) {
                    broken.append("\(page): \(link) leads to no id of \(target)")
                }
            }
        }
        return broken
    }
}
