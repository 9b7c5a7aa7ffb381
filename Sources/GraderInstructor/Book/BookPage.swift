import Foundation

/// One HTML page of the book around its content: the title bar, the list of lessons (with the
/// current lesson's sections and exercises), the path up to the contents, and links to the
/// previous, next and enclosing pages. Every link is relative, so the folder works from
/// `file://` and on any static host; nothing is fetched and no script runs.
struct BookPage {
    let outline: BookOutline
    let page: BookOutline.Page
    /// The page's content, already HTML.
    let body: String
    /// The page's level-2 headings, listed under the current lesson in the side list.
    var sections: [(id: String, title: String)] = []

    func html() -> String {
        let title = page.kind == .index ? outline.course.title : "\(page.title) · \(outline.course.title)"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="grader book">
            <title>\(Markup.html(title))</title>
            <link rel="stylesheet" href="\(link("style.css"))">
            </head>
            <body>
            <header class="bar"><a href="\(link("index.html"))">\(Markup.html(outline.course.title))</a></header>
            <div class="layout">
            \(sideList())
            <main>
            \(trail())
            \(body)
            \(pager())
            </main>
            </div>
            </body>
            </html>

            """
    }

    private func link(_ path: String) -> String {
        Markup.html(BookOutline.relative(from: page.path, to: path))
    }

    private func current(_ other: BookOutline.Page) -> String {
        other == page ? " aria-current=\"page\"" : ""
    }

    /// Every lesson; under the current one, its sections (on its own page) and its exercises.
    private func sideList() -> String {
        var html = ["<nav class=\"side\" aria-label=\"Lessons\">", "<p class=\"side-title\"><a href=\"\(link("index.html"))\"\(current(outline.pages[0]))>Contents</a></p>", "<ol class=\"lessons\">"]
        for lesson in outline.pages where lesson.kind.isLesson {
            html.append("<li><a href=\"\(link(lesson.path))\"\(current(lesson))>\(Markup.html(lesson.shortTitle))</a>")
            if lesson.kind.lessonID == page.kind.lessonID {
                var items: [String] = []
                if lesson == page {
                    items += sections.map { "<li class=\"section\"><a href=\"#\(Markup.html($0.id))\">\(Markup.html($0.title))</a></li>" }
                }
                for exercise in outline.pages where !exercise.kind.isLesson && exercise.kind.lessonID == lesson.kind.lessonID {
                    items.append("<li class=\"exercise\"><a href=\"\(link(exercise.path))\"\(current(exercise))>\(Markup.html(exercise.shortTitle))</a></li>")
                }
                if !items.isEmpty { html.append("<ol class=\"within\">\n" + items.joined(separator: "\n") + "\n</ol>") }
            }
            html.append("</li>")
        }
        html.append("</ol>")
        html.append("</nav>")
        return html.joined(separator: "\n")
    }

    /// Contents › lesson › exercise: the way up.
    private func trail() -> String {
        var pages: [BookOutline.Page] = []
        var up = outline.up(page)
        while let found = up {
            pages.insert(found, at: 0)
            up = outline.up(found)
        }
        guard !pages.isEmpty else { return "" }
        let links = pages.map { "<a href=\"\(link($0.path))\">\(Markup.html($0.shortTitle))</a>" }
        return "<nav class=\"trail\" aria-label=\"Up\">\(links.joined(separator: " › ")) › <span>\(Markup.html(page.shortTitle))</span></nav>"
    }

    private func pager() -> String {
        var links: [String] = []
        if let previous = outline.previous(page) {
            links.append("<a rel=\"prev\" href=\"\(link(previous.path))\">← \(Markup.html(previous.shortTitle))</a>")
        }
        if let up = outline.up(page) {
            links.append("<a rel=\"up\" href=\"\(link(up.path))\">↑ \(Markup.html(up.shortTitle))</a>")
        }
        if let next = outline.next(page) {
            links.append("<a rel=\"next\" href=\"\(link(next.path))\">\(Markup.html(next.shortTitle)) →</a>")
        }
        return "<nav class=\"pager\" aria-label=\"Pages\">\n" + links.joined(separator: "\n") + "\n</nav>"
    }
}
