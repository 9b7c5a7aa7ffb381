import Foundation
import GraderCore

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

    /// The `href` for `target`, written in the course file `source` (relative to the course's
    /// root), on the page at `page`; nil when the link must become plain text.
    func href(_ target: String, source: String, page: String) -> String? {
        let file: String, fragment: String?
        switch CourseLink(target, source: source) {
        case .web(let address): return address
        case .elsewhere: return nil
        case .anchor(let anchor):
            guard anchorsByPage[page]?.contains(anchor) == true else { return nil }
            return "#" + anchor
        case .file(let path, let anchor): (file, fragment) = (path, anchor)
        }
        guard let found = outline.page(showing: file) else { return nil }
        let anchor = found.fragment ?? fragment.flatMap { anchorsByPage[found.page.path]?.contains($0) == true ? $0 : nil }
        let href = found.page.path == page ? "" : BookOutline.relative(from: page, to: found.page.path)
        if let anchor { return href + "#" + anchor }
        return href.isEmpty ? "#" : href
    }
}
