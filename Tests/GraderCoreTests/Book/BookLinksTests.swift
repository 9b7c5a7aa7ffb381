import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

struct BookLinksTests {
    /// The fixture course's outline, with the ids a first rendering would have found.
    private func links(anchors: [String: Set<String>] = [:]) throws -> (BookLinks, TemporaryCourse) {
        let course = try TemporaryCourse.fixture()
        let loaded = try CourseLoader().load(root: course.root)
        return (BookLinks(outline: BookOutline(course: loaded.course), anchorsByPage: anchors), course)
    }

    @Test func linksBetweenCourseFilesLeadToTheBooksPages() throws {
        let (links, course) = try links(anchors: ["lessons/00-fixtures.html": ["state"], "exercises/00-fixtures/01-counter.html": ["what-to-build"]])
        _ = course
        let lesson = "Lessons/00-fixtures.md", lessonPage = "lessons/00-fixtures.html"
        #expect(links.href("../Exercises/00-fixtures/01-counter/README.md", source: lesson, page: lessonPage)
                == "../exercises/00-fixtures/01-counter.html")
        #expect(links.href("../Exercises/00-fixtures/01-counter/README.md#what-to-build", source: lesson, page: lessonPage)
                == "../exercises/00-fixtures/01-counter.html#what-to-build")
        #expect(links.href("../Exercises/00-fixtures/01-counter/", source: lesson, page: lessonPage) == "../exercises/00-fixtures/01-counter.html")
        #expect(links.href("../Exercises/00-fixtures/01-counter/Solution.swift", source: lesson, page: lessonPage)
                == "../exercises/00-fixtures/01-counter.html#starter-solution-swift")
        // From a statement, to its lesson and to another exercise.
        let statement = "Exercises/00-fixtures/03-documents/README.md", statementPage = "exercises/00-fixtures/03-documents.html"
        #expect(links.href("../../../Lessons/00-fixtures.md#state", source: statement, page: statementPage) == "../../lessons/00-fixtures.html#state")
        #expect(links.href("../01-counter/README.md", source: statement, page: statementPage) == "../../exercises/00-fixtures/01-counter.html")
        #expect(links.href("README.md", source: statement, page: statementPage) == "#", "the page itself")
        #expect(links.href("#state", source: lesson, page: lessonPage) == "#state")
        #expect(links.href("00-fixtures.md", source: lesson, page: lessonPage) == "#")
        #expect(links.href("https://swift.org/documentation/", source: lesson, page: lessonPage) == "https://swift.org/documentation/")
        #expect(links.href("%2E%2E/Exercises/00-fixtures/01-counter/README.md", source: lesson, page: lessonPage)
                == "../exercises/00-fixtures/01-counter.html", "percent escapes are read")
    }

    @Test func whatTheBookDoesNotHaveBecomesPlainText() throws {
        let (links, course) = try links(anchors: ["lessons/00-fixtures.html": ["state"]])
        _ = course
        let lesson = "Lessons/00-fixtures.md", page = "lessons/00-fixtures.html"
        for target in [
            "../Exercises/00-fixtures/01-counter/Reference/Solution.swift",   // a reference: never
            "../Exercises/00-fixtures/01-counter/Mutants/accepts-negative.patch",
            "../Exercises/00-fixtures/01-counter/exercise.yml",
            "../Exercises/00-fixtures/01-counter/Driver.swift",
            "../Exercises/00-fixtures/99-missing/README.md",
            "README.md",                                                      // for course authors
            "../README.md", "../../outside.md", "/etc/passwd",
            "#no-such-heading", "javascript:alert(1)", "file:///etc/passwd",
        ] {
            #expect(links.href(target, source: lesson, page: page) == nil, "\(target)")
        }
        // A missing anchor on another page is dropped: the link still leads to the page.
        #expect(links.href("../Exercises/00-fixtures/01-counter/README.md#gone", source: lesson, page: page)
                == "../exercises/00-fixtures/01-counter.html")
    }
}
