import Foundation
import GraderCore

/// `grader book`: the course's lessons and exercise statements as a static website that works
/// offline (Docs/book.md).
///
/// ```
/// DIR/index.html                                    the contents: lessons in order, their exercises
/// DIR/lessons/01-defaults.html                      each lesson, hidden setup left out
/// DIR/exercises/01-defaults/01-car-settings.html    each exercise: statement, starter, command
/// DIR/style.css                                     the one style sheet
/// DIR/media/…                                       the images the Markdown shows, if any
/// DIR/.grader-book                                  the marker that makes DIR a book (BookFolder)
/// ```
///
/// A part that cannot be read (a lesson with problems, a statement that is missing) does not
/// stop the book: its page says so, the problem is in ``Summary/problems`` with its file and
/// line, and every other page is built; links to it still lead to its page.
public struct BookBuilder {
    public let course: Course

    public init(course: Course) {
        self.course = course
    }

    public struct Summary {
        public var folder: URL
        public var pages: Int
        public var images: Int
        public var problems: [CourseProblem]
    }

    /// Builds the book and writes it into `folder`.
    /// - Parameter force: write into a folder that is not empty and holds no previous book.
    /// - Throws: ``GraderError/io(_:)`` when the folder cannot take the book or be written.
    public func write(to folder: URL, force: Bool) throws -> Summary {
        let folder = folder.standardizedFileURL
        let root = course.root.standardizedFileURL.path
        if root == folder.path || root.hasPrefix(folder.path == "/" ? "/" : folder.path + "/") {
            throw GraderError.io("\(folder.path) holds the course itself: write the book into a folder of its own, such as --out book")
        }
        let bookFolder = BookFolder(url: folder)
        let previous = try bookFolder.previousFiles(force: force)
        let rendered = render()
        var written = rendered.files.map { (path: $0.path, data: Data($0.text.utf8)) }
        for image in rendered.images {
            guard let data = FileManager.default.contents(atPath: course.root.appendingPathComponent(image).path) else { continue }
            written.append((path: "\(BookMedia.folder)/\(image)", data: data))
        }
        try bookFolder.write(written, replacing: previous)
        return Summary(folder: folder, pages: rendered.files.count - 1, images: written.count - rendered.files.count,
                       problems: rendered.problems)
    }

    /// The book in memory: what ``render()`` makes.
    struct Rendered {
        /// Every page and the style sheet, relative to the book's folder.
        var files: [(path: String, text: String)]
        /// The course's images the pages show, relative to the course's root (to copy into `media/`).
        var images: [String]
        var problems: [CourseProblem]
    }

    /// Every page and the style sheet, the images they show and the problems met.
    func render() -> Rendered {
        let outline = BookOutline(course: course)
        // First the ids each page holds, then the pages with links to anchors that exist.
        var anchors: [String: Set<String>] = [:]
        let first = BookPages(outline: outline, links: BookLinks(outline: outline, anchorsByPage: [:]), media: BookMedia(courseRoot: course.root))
        for page in outline.pages {
            anchors[page.path] = Set(Self.ids(in: first.content(of: page).body))
        }
        let media = BookMedia(courseRoot: course.root)
        let pages = BookPages(outline: outline, links: BookLinks(outline: outline, anchorsByPage: anchors), media: media)
        var files: [(path: String, text: String)] = []
        var problems: [CourseProblem] = []
        for page in outline.pages {
            let content = pages.content(of: page)
            problems += content.problems
            files.append((page.path, BookPage(outline: outline, page: page, body: content.body, sections: content.sections).html()))
        }
        files.append(("style.css", BookStylesheet.css + "\n"))
        return Rendered(files: files, images: media.files, problems: problems)
    }

    /// Every `id="…"` in a page's HTML.
    static func ids(in html: String) -> [String] {
        html.components(separatedBy: " id=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }
}
