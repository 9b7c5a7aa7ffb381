import Foundation

/// The `id`s of one page's headings and sections, each unique on the page: a Markdown heading
/// gets GitHub's anchor for it (`## Default values with \`register(defaults:)\`` →
/// `default-values-with-registerdefaults`), so that a link written for GitHub's rendering of the
/// course (`02-file-paths.md#the-documents-folder`) finds it in the book too.
final class BookAnchors {
    private(set) var ids: [String] = []
    /// The page's Markdown headings in order, for its table of contents.
    private(set) var headings: [(level: Int, id: String, title: String)] = []
    private var used: [String: Int] = [:]

    /// Takes `id` for a section the book adds (it must not be taken yet).
    func reserve(_ id: String) {
        ids.append(id)
    }

    /// The id of a Markdown heading whose plain text is `title`, recorded for the contents.
    func heading(level: Int, title: String) -> String {
        let id = id(for: title)
        headings.append((level, id, title))
        return id
    }

    /// A unique id for `text`: its slug, then `slug-1`, `slug-2`… as GitHub numbers repeats.
    func id(for text: String) -> String {
        let base = Self.slug(text)
        var candidate = base.isEmpty ? "section" : base
        var count = used[candidate, default: 0]
        while ids.contains(candidate) {
            count += 1
            candidate = "\(base.isEmpty ? "section" : base)-\(count)"
        }
        used[base.isEmpty ? "section" : base] = count
        ids.append(candidate)
        return candidate
    }

    /// GitHub's slug: lower case, spaces to `-`, every character but letters, digits, `-` and
    /// `_` left out.
    static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character == " " {
                slug.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            }
        }
        return slug
    }

    /// The section of an exercise's page showing the starter of a learner file.
    static func starter(_ file: String) -> String {
        "starter-" + slug(file.replacingOccurrences(of: ".", with: "-"))
    }
}
