import Foundation

/// Where a link of the course's Markdown leads in the book. Links between the course's files
/// (`../Exercises/01-defaults/01-car-settings/README.md`, `02-file-paths.md#the-documents-folder`,
/// `#anchors`) become relative links between the book's pages; web addresses stay as they are;
/// any other link (a file the book does not show, an anchor no page has) becomes nil, and its
/// text is shown without a link, so that the book never holds a broken link.
struct BookLinks {
    let outline: BookOutline
    /// The ids on each page (by its path), from a first rendering of every page; an anchor not
    /// among them is dropped. Empty on that first rendering.
    let anchorsByPage: [String: Set<String>]

    static let webSchemes: Set<String> = ["http", "https", "mailto"]

    /// The `href` for `target`, written in the course file `source` (relative to the course's
    /// root), on the page at `page`; nil when the link must become plain text.
    func href(_ target: String, source: String, page: String) -> String? {
        let target = target.trimmingCharacters(in: .whitespaces)
        if let scheme = Self.scheme(of: target) {
            return Self.webSchemes.contains(scheme.lowercased()) ? target : nil
        }
        let (path, fragment) = Self.split(target)
        if path.isEmpty {
            guard let fragment, anchorsByPage[page]?.contains(fragment) == true else { return nil }
            return "#" + fragment
        }
        guard let file = Self.resolve(path, from: source), let found = outline.page(showing: file) else { return nil }
        let anchor = found.fragment ?? fragment.flatMap { anchorsByPage[found.page.path]?.contains($0) == true ? $0 : nil }
        let href = found.page.path == page ? "" : BookOutline.relative(from: page, to: found.page.path)
        if let anchor { return href + "#" + anchor }
        return href.isEmpty ? "#" : href
    }

    /// `https` for `https://swift.org`; nil for a relative path.
    static func scheme(of target: String) -> String? {
        guard let colon = target.firstIndex(of: ":") else { return nil }
        let scheme = target[..<colon]
        guard let first = scheme.first, first.isLetter, first.isASCII,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }) else { return nil }
        return String(scheme)
    }

    /// The path and the fragment of a relative link, the path's percent escapes decoded.
    static func split(_ target: String) -> (path: String, fragment: String?) {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil
        return (path.removingPercentEncoding ?? path, fragment?.isEmpty == true ? nil : fragment)
    }

    /// `path`, relative to the folder of `source`, as a path relative to the course's root
    /// without `.` or `..`; nil when it leaves the course or is absolute.
    static func resolve(_ path: String, from source: String) -> String? {
        guard !path.hasPrefix("/") else { return nil }
        var components = source.split(separator: "/").map(String.init).dropLast()
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        return components.isEmpty ? nil : components.joined(separator: "/")
    }
}
