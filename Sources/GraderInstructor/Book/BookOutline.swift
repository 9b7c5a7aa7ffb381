import Foundation
import GraderCore

/// The book's pages in reading order (the index, then each lesson followed by its exercises),
/// where each lands in the output folder, and which course file each one shows.
struct BookOutline {
    struct Page: Equatable {
        enum Kind: Equatable {
            case index
            /// A lesson, numbered from 1 in the course's order.
            case lesson(id: String, number: Int)
            /// An exercise, numbered from 1 within its lesson.
            case exercise(id: String, lessonID: String, number: Int)
        }

        var kind: Kind
        /// Relative to the book's folder: `index.html`, `lessons/01-defaults.html`,
        /// `exercises/01-defaults/01-car-settings.html`.
        var path: String
        var title: String
        /// The title in the list of lessons and in the pager: "1. User defaults".
        var shortTitle: String
    }

    let course: Course
    private(set) var pages: [Page] = []

    init(course: Course) {
        self.course = course
        pages.append(Page(kind: .index, path: "index.html", title: course.title, shortTitle: "Contents"))
        for (lessonIndex, lesson) in course.lessons.enumerated() {
            pages.append(Page(kind: .lesson(id: lesson.id, number: lessonIndex + 1), path: Self.lessonPath(lesson.id),
                              title: lesson.title, shortTitle: "\(lessonIndex + 1). \(lesson.title)"))
            for (exerciseIndex, exercise) in lesson.exercises.enumerated() {
                pages.append(Page(kind: .exercise(id: exercise.id, lessonID: lesson.id, number: exerciseIndex + 1),
                                  path: Self.exercisePath(exercise.id), title: exercise.title,
                                  shortTitle: "\(lessonIndex + 1).\(exerciseIndex + 1) \(exercise.title)"))
            }
        }
    }

    static func lessonPath(_ id: String) -> String { "lessons/\(id).html" }
    static func exercisePath(_ id: String) -> String { "exercises/\(id).html" }

    func previous(_ page: Page) -> Page? {
        pages.firstIndex(of: page).flatMap { $0 > 0 ? pages[$0 - 1] : nil }
    }

    func next(_ page: Page) -> Page? {
        pages.firstIndex(of: page).flatMap { $0 + 1 < pages.count ? pages[$0 + 1] : nil }
    }

    /// An exercise's lesson, a lesson's index; nil for the index.
    func up(_ page: Page) -> Page? {
        switch page.kind {
        case .index: return nil
        case .lesson: return pages[0]
        case .exercise(_, let lessonID, _): return pages.first { $0.kind.lessonID == lessonID && $0.kind.isLesson }
        }
    }

    func lesson(_ id: String) -> Lesson? { course.lessons.first { $0.id == id } }
    func exercise(_ id: String) -> Exercise? { course.exercises.first { $0.id == id } }

    /// The page showing a course file (relative to the course's root, without `.` or `..`), and
    /// the anchor on it for a file that is part of a page: a lesson's Markdown, an exercise's
    /// statement or folder, an exercise's learner file (its starter, on the exercise's page).
    /// Nil for every other file: the book does not have it (a reference, `exercise.yml`, a
    /// README for course authors).
    func page(showing file: String) -> (page: Page, fragment: String?)? {
        let components = file.split(separator: "/").map(String.init)
        if components.count == 2, components[0] == "Lessons", components[1].hasSuffix(".md") {
            let id = String(components[1].dropLast(3))
            return pages.first { $0.kind.isLesson && $0.kind.lessonID == id }.map { ($0, nil) }
        }
        guard components.count >= 3, components[0] == "Exercises",
              let exercise = exercise("\(components[1])/\(components[2])"),
              let page = pages.first(where: { $0.path == Self.exercisePath(exercise.id) }) else { return nil }
        switch components.count {
        case 3: return (page, nil)
        case 4 where components[3] == "README.md": return (page, nil)
        case 4 where exercise.learnerFiles.contains(components[3]): return (page, BookAnchors.starter(components[3]))
        default: return nil
        }
    }

    /// The path from the page at `from` to the book's file at `to`, both relative to the book's folder.
    static func relative(from: String, to: String) -> String {
        let depth = from.split(separator: "/").count - 1
        return String(repeating: "../", count: depth) + to
    }
}

extension BookOutline.Page.Kind {
    var lessonID: String? {
        switch self {
        case .index: return nil
        case .lesson(let id, _): return id
        case .exercise(_, let lessonID, _): return lessonID
        }
    }

    var isLesson: Bool {
        if case .lesson = self { return true }
        return false
    }

    var number: Int {
        switch self {
        case .index: return 0
        case .lesson(_, let number), .exercise(_, _, let number): return number
        }
    }
}
