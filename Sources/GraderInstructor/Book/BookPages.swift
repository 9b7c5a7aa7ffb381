import Foundation
import GraderCore

/// The content of each kind of page: the contents, a lesson, an exercise. What an exercise's
/// page shows is what `grader show` shows (its statement, the files to edit and the command
/// that checks them) and the starter files the student edits; never a reference, a mutant, a
/// case or a hint.
struct BookPages {
    let outline: BookOutline
    let links: BookLinks
    let media: BookMedia

    /// A page's HTML content, its level-2 sections and the problems met making it.
    struct Content {
        var body: String
        var sections: [(id: String, title: String)] = []
        var problems: [CourseProblem] = []
    }

    func content(of page: BookOutline.Page) -> Content {
        switch page.kind {
        case .index: return index()
        case .lesson(let id, _): return lesson(outline.lesson(id)!, page: page)
        case .exercise(let id, _, _): return exercise(outline.exercise(id)!, page: page)
        }
    }

    /// The command that checks an exercise, as a student types it in the course's folder.
    static func checkCommand(_ exercise: Exercise) -> String { "swift run grader check \(exercise.shortName)" }

    private func index() -> Content {
        let course = outline.course
        let page = outline.pages[0]
        var html = ["<h1>\(Markup.html(course.title))</h1>"]
        html.append("<p class=\"lead\">\(count(course.lessons.count, "lesson")) and \(count(course.exercises.count, "exercise")). Read a lesson, then do its exercises: edit each one's files in <code>Exercises/</code> and check them on your machine with <code>swift run grader check NAME</code>.</p>")
        html.append("<ol class=\"contents\">")
        for lessonPage in outline.pages where lessonPage.kind.isLesson {
            html.append("<li><h2><a href=\"\(href(lessonPage, from: page))\">\(Markup.html(lessonPage.shortTitle))</a></h2>")
            let exercises = outline.pages.filter { !$0.kind.isLesson && $0.kind.lessonID == lessonPage.kind.lessonID && $0.kind != .index }
            if !exercises.isEmpty {
                html.append("<ul class=\"exercise-list\">")
                for exercisePage in exercises {
                    guard case .exercise(let id, _, _) = exercisePage.kind, let exercise = outline.exercise(id) else { continue }
                    html.append("<li><a href=\"\(href(exercisePage, from: page))\">\(Markup.html(exercisePage.shortTitle))</a> — <span class=\"summary\">\(Markup.html(exercise.summary))</span></li>")
                }
                html.append("</ul>")
            }
            html.append("</li>")
        }
        html.append("</ol>")
        return Content(body: html.joined(separator: "\n"))
    }

    private func lesson(_ lesson: Lesson, page: BookOutline.Page) -> Content {
        let anchors = BookAnchors()
        var content = Content(body: "")
        var html: [String] = []
        if !FileManager.default.fileExists(atPath: lesson.file.path) {
            html.append("<h1>\(Markup.html(lesson.title))</h1>")
            html.append("<p class=\"note\">This lesson is not written yet.</p>")
        } else {
            do {
                let document = try LessonDocument(url: lesson.file, displayPath: lesson.displayPath)
                let parts = ReaderMarkdown(lesson: document).parts
                if !Self.startsWithTitle(parts) { html.append("<h1>\(Markup.html(lesson.title))</h1>") }
                html.append(markdown(source: lesson.displayPath, page: page, anchors: anchors).html(parts))
            } catch let problems as LessonProblems {
                html.append(problemNotice(title: lesson.title, what: "This lesson", problems: problems.problems))
                content.problems = problems.problems
            } catch {
                let problem = CourseProblem(file: lesson.displayPath, message: "cannot be read: \(error)")
                html.append(problemNotice(title: lesson.title, what: "This lesson", problems: [problem]))
                content.problems = [problem]
            }
        }
        let exercises = lesson.exercises
        if !exercises.isEmpty {
            let id = anchors.heading(level: 2, title: "Check your work")
            html.append("<section class=\"check\">")
            html.append("<h2 id=\"\(id)\">Check your work</h2>")
            html.append("<p>Each exercise is a folder of <code>Exercises/\(Markup.html(lesson.id))/</code>: edit its files, then run its command in the course's folder.</p>")
            html.append("<table class=\"exercises\"><thead><tr><th>Exercise</th><th>Points</th><th>Check it with</th></tr></thead><tbody>")
            for exercise in exercises {
                let target = outline.pages.first { $0.path == BookOutline.exercisePath(exercise.id) }!
                html.append("<tr><td><a href=\"\(href(target, from: page))\">\(Markup.html(exercise.title))</a><br><span class=\"summary\">\(Markup.html(exercise.summary))</span></td><td>\(exercise.points)</td><td><code>\(Markup.html(Self.checkCommand(exercise)))</code></td></tr>")
            }
            html.append("</tbody></table>")
            html.append("</section>")
        }
        content.body = html.joined(separator: "\n")
        content.sections = anchors.headings.filter { $0.level == 2 }.map { ($0.id, $0.title) }
        return content
    }

    private func exercise(_ exercise: Exercise, page: BookOutline.Page) -> Content {
        let anchors = BookAnchors()
        for file in exercise.learnerFiles { anchors.reserve(BookAnchors.starter(file)) }
        anchors.reserve("check")
        var content = Content(body: "")
        var html = ["<h1>\(Markup.html(exercise.title))</h1>", "<p class=\"lead\">\(Markup.html(exercise.summary))</p>"]
        let edit = exercise.learnerFiles.map { "<a href=\"#\(BookAnchors.starter($0))\"><code>\(Markup.html("\(exercise.displayPath)/\($0)"))</code></a>" }
        html.append("<dl class=\"facts\"><dt>Points</dt><dd>\(exercise.points)</dd><dt>Edit</dt><dd>\(edit.joined(separator: ", "))</dd><dt>Check</dt><dd><code>\(Markup.html(Self.checkCommand(exercise)))</code></dd></dl>")
        let statementPath = "\(exercise.displayPath)/README.md"
        if let text = try? String(contentsOf: exercise.statementURL, encoding: .utf8) {
            var parts = ReaderMarkdown(markdown: text).parts
            Self.dropTitle(&parts)
            html.append("<section class=\"statement\">")
            html.append(markdown(source: statementPath, page: page, anchors: anchors).html(parts))
            html.append("</section>")
        } else {
            content.problems.append(CourseProblem(file: statementPath, message: "cannot be read: the exercise's page has no statement"))
            html.append("<p class=\"problem\">The statement could not be read.</p>")
        }
        for (file, url) in zip(exercise.learnerFiles, exercise.learnerSources) {
            html.append("<h2 id=\"\(BookAnchors.starter(file))\">Your file: <code>\(Markup.html(file))</code></h2>")
            if let starter = try? String(contentsOf: url, encoding: .utf8) {
                html.append("<p>As the course gives it to you, in <code>\(Markup.html(exercise.displayPath))/</code>: write your solution in it.</p>")
                var lines = starter.components(separatedBy: "\n")
                if lines.last == "" { lines.removeLast() }
                html.append(BookMarkdown.code(ReaderMarkdown.CodeBlock(language: "swift", lines: lines, label: nil, line: 1)))
            } else {
                content.problems.append(CourseProblem(file: "\(exercise.displayPath)/\(file)", message: "cannot be read: the exercise's page has no starter"))
                html.append("<p class=\"problem\">The starter could not be read.</p>")
            }
        }
        html.append("<h2 id=\"check\">Check it</h2>")
        html.append("<p>In the course's folder:</p>")
        html.append(BookMarkdown.code(ReaderMarkdown.CodeBlock(language: "sh", lines: [Self.checkCommand(exercise)], label: nil, line: 1)))
        if !exercise.hints.isEmpty {
            html.append("<p>Stuck? <code>swift run grader hint \(Markup.html(exercise.shortName))</code> shows one more hint each time you run it.</p>")
        }
        content.body = html.joined(separator: "\n")
        return content
    }

    private func markdown(source: String, page: BookOutline.Page, anchors: BookAnchors) -> BookMarkdown {
        BookMarkdown(links: links, anchors: anchors, media: media, source: source, page: page.path)
    }

    private func href(_ target: BookOutline.Page, from page: BookOutline.Page) -> String {
        Markup.html(BookOutline.relative(from: page.path, to: target.path))
    }

    private func problemNotice(title: String, what: String, problems: [CourseProblem]) -> String {
        let items = problems.map { "<li><code>\(Markup.html($0.description))</code></li>" }.joined(separator: "\n")
        return "<h1>\(Markup.html(title))</h1>\n<div class=\"problem\"><p>\(what) could not be shown: its file has problems, which <code>grader verify</code> lists too.</p>\n<ul>\n\(items)\n</ul></div>"
    }

    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Whether the Markdown's first line is a level-1 heading.
    static func startsWithTitle(_ parts: [ReaderMarkdown.Part]) -> Bool {
        guard case .prose(let lines, _)? = parts.first,
              let first = lines.first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return false }
        return first.hasPrefix("# ")
    }

    /// Leaves out a statement's level-1 heading: the page's title is the exercise's.
    static func dropTitle(_ parts: inout [ReaderMarkdown.Part]) {
        guard startsWithTitle(parts), case .prose(var lines, let line)? = parts.first,
              let index = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return }
        lines.remove(at: index)
        parts[0] = .prose(lines, line: line)
    }
}
