import Foundation
import Testing
@testable import GraderCore

/// `grader book`, run as its users run it (the real `grader`, which runs `grader-instructor`),
/// on the real course and on the fixture course, and the result read back as a browser would.
struct BookTests {
    static let repository = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()

    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID().uuidString)")
    }

    /// `grader book --out OUT ARGUMENTS…` for the course at `course`.
    private func book(_ course: URL, out: URL, _ arguments: [String] = []) throws -> GraderProcess.Output {
        try GraderProcess.run(["book", "--course", course.path, "--out", out.path] + arguments, in: FileManager.default.temporaryDirectory)
    }

    private func exists(_ folder: URL, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
    }

    @Test func theCoursesBookHasAPageForEveryLessonAndExerciseAndNoBrokenLink() throws {
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try book(Self.repository, out: out)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let course = try CourseLoader().load(root: Self.repository).course
        #expect(result.stdout.hasPrefix("Wrote \(1 + course.lessons.count + course.exercises.count) pages to \(out.path)"))

        let site = try BookSite(out)
        #expect(exists(out, "index.html") && exists(out, "style.css") && exists(out, ".grader-book"))
        #expect(site.pages.count == 1 + course.lessons.count + course.exercises.count)
        let index = try site.text("index.html")
        #expect(index.contains(course.title))
        for lesson in course.lessons {
            let page = "lessons/\(lesson.id).html"
            #expect(site.pages.contains(page))
            #expect(index.contains(lesson.title))
            // The lesson's own title, and its Swift highlighted.
            let firstLine = try String(contentsOf: lesson.file, encoding: .utf8).split(separator: "\n")[0].dropFirst(2)
            #expect(try site.text(page).contains(firstLine), "\(page) shows \(firstLine)")
            #expect(try site.html(page).contains("<span class=\"hl-keyword\">let</span>"))
            for exercise in lesson.exercises {
                let page = "exercises/\(exercise.id).html"
                let text = try site.text(page)
                #expect(index.contains(exercise.title))
                #expect(text.contains(exercise.title) && text.contains(BookSite.collapsed(exercise.summary)))
                #expect(text.contains("swift run grader check \(exercise.shortName)"))
                #expect(try site.html(page).contains("<dt>Points</dt><dd>\(exercise.points)</dd>"))
                // The starter, whole, as the student gets it.
                for starter in exercise.learnerSources {
                    #expect(text.contains(BookSite.collapsed(try String(contentsOf: starter, encoding: .utf8))), "\(page) shows \(starter.lastPathComponent)")
                }
            }
        }
        let broken = try site.brokenLinks()
        #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
        // The lessons' links to the exercises' statements lead to the exercises' pages.
        #expect(try site.links("lessons/01-defaults.html").contains("../exercises/01-defaults/01-car-settings.html"))
    }

    @Test func theCoursesBookShowsNoReferenceNoMutantNoHiddenCaseAndNoHint() throws {
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try book(Self.repository, out: out).status == 0)
        let site = try BookSite(out)
        let book = try site.pages.map { try site.text($0) }.joined(separator: "\n")
        let course = try CourseLoader().load(root: Self.repository).course

        // What students see anyway: the lessons, the statements, the starters (and titles and
        // summaries). Text found there may be in the book; text found only in what they never see may not.
        func plain(_ text: String) -> String {
            BookSite.collapsed(text.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "**", with: ""))
        }
        var visible = try course.lessons.map { try String(contentsOf: $0.file, encoding: .utf8) }
        for exercise in course.exercises {
            visible.append(try String(contentsOf: exercise.statementURL, encoding: .utf8))
            visible += try exercise.learnerSources.map { try String(contentsOf: $0, encoding: .utf8) }
        }
        let seen = plain(visible.joined(separator: "\n"))

        var secrets: [(what: String, text: String)] = []
        for exercise in course.exercises {
            for reference in exercise.referenceSources {
                for line in try String(contentsOf: reference, encoding: .utf8).split(separator: "\n") {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    if code.count >= 20 && !code.hasPrefix("//") { secrets.append(("\(exercise.id) reference", code)) }
                }
            }
            for testCase in exercise.cases where testCase.hidden {
                secrets.append(("\(exercise.id) hidden case", testCase.name))
            }
            secrets += exercise.hints.map { ("\(exercise.id) hint", $0) }
            let mutants = exercise.directory.appendingPathComponent("Mutants")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: mutants.path)) ?? [] {
                if let first = try? String(contentsOf: mutants.appendingPathComponent(name), encoding: .utf8).split(separator: "\n").first,
                   first.count >= 20 {
                    secrets.append(("\(exercise.id) mutant \(name)", String(first)))
                }
            }
        }
        // Foundation's byte search (`Data.range(of:)`): NSString's took 33 of this test's 38 s.
        let seenText = Data(seen.utf8), bookSearch = Data(plain(book).utf8)
        func occurs(_ needle: String, in text: Data) -> Bool { text.range(of: Data(needle.utf8)) != nil }
        let unseen = secrets.map { ($0.what, plain($0.text)) }.filter { !occurs($0.1, in: seenText) }
        #expect(unseen.count > 500, "the check has something to check: \(unseen.count) lines students never see")
        #expect(unseen.contains { $0.0.hasSuffix("hidden case") } && unseen.contains { $0.0.hasSuffix("hint") })
        let leaked = unseen.filter { occurs($0.1, in: bookSearch) }
        #expect(leaked.isEmpty, "\(leaked.map { "\($0.0): \($0.1)" }.joined(separator: "\n"))")
    }

    /// The fixture course with a lesson (`passing.md`, with hidden setup and blocks that fail on
    /// purpose) and a second lesson listed but not written.
    private func fixtureWithLessons() throws -> TemporaryCourse {
        let course = try TemporaryCourse.fixture()
        let lesson = try String(contentsOf: Fixtures.directory.appendingPathComponent("lessons/passing.md"), encoding: .utf8)
        try course.write("Lessons/00-fixtures.md", lesson + """

            ## Exercises

            - [Counter](../Exercises/00-fixtures/01-counter/README.md), whose [starter](../Exercises/00-fixtures/01-counter/Solution.swift) \
            is not its [reference](../Exercises/00-fixtures/01-counter/Reference/Solution.swift); next: [lesson 2](01-later.md#anything).

            """)
        let manifest = try String(contentsOf: course.root.appendingPathComponent("grader.yml"), encoding: .utf8)
        try course.write("grader.yml", manifest + "  - id: 01-later\n    title: A later lesson\n    exercises: []\n")
        return course
    }

    @Test func theFixtureCoursesBookShowsWhatTheReaderShouldSee() throws {
        let course = try fixtureWithLessons()
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try book(course.root, out: out)
        #expect(result.status == 0, "\(result.stderr)")
        let site = try BookSite(out)
        #expect(site.pages == ["exercises/00-fixtures/01-counter.html", "exercises/00-fixtures/02-sandbox-probe.html",
                               "exercises/00-fixtures/03-documents.html", "exercises/00-fixtures/04-ledger.html",
                               "index.html", "lessons/00-fixtures.html", "lessons/01-later.html"])
        let lesson = try site.html("lessons/00-fixtures.html")
        #expect(!lesson.contains("snippet") && !lesson.contains("removeObject"), "the hidden setup is not shown")
        #expect(!lesson.contains("compile_fail") && !lesson.contains("traps") && !lesson.contains("isolated"), "nor the marks")
        #expect(lesson.contains("<p class=\"code-label\">This does not compile:</p>") && lesson.contains("<p class=\"code-label\">This crashes when it runs:</p>"))
        #expect(lesson.contains("<pre class=\"output\"><code>line 1\nline 2\nline 3</code></pre>"))
        #expect(lesson.contains("<a href=\"../exercises/00-fixtures/01-counter.html\">Counter</a>"))
        #expect(lesson.contains("<a href=\"../exercises/00-fixtures/01-counter.html#starter-solution-swift\">starter</a>"))
        #expect(lesson.contains("<span class=\"unlinked\">reference</span>"), "a reference is never linked")
        #expect(lesson.contains("<a href=\"../lessons/01-later.html\">lesson 2</a>"), "an anchor the page does not have is dropped")
        #expect(try site.text("lessons/01-later.html").contains("This lesson is not written yet."))
        // The page of an exercise whose learner file is not Solution.swift.
        let probe = try site.html("exercises/00-fixtures/02-sandbox-probe.html")
        #expect(probe.contains("<h2 id=\"starter-probe-swift\">") && probe.contains("swift run grader check sandbox-probe"))
        // Previous, up and next.
        let counter = try site.html("exercises/00-fixtures/01-counter.html")
        #expect(counter.contains("<a rel=\"prev\" href=\"../../lessons/00-fixtures.html\">")
                && counter.contains("<a rel=\"up\" href=\"../../lessons/00-fixtures.html\">")
                && counter.contains("<a rel=\"next\" href=\"../../exercises/00-fixtures/02-sandbox-probe.html\">"))
        #expect(try site.brokenLinks().isEmpty)
    }

    @Test func aFolderThatIsNotABookIsRefusedUnlessForced() throws {
        let course = try TemporaryCourse.fixture()
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try "keep me".write(to: out.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let refused = try book(course.root, out: out)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\(out.path) is not empty and holds no book written by `grader book`"))
        #expect(refused.stderr.contains("--force"))
        #expect(!exists(out, "index.html"))
        let forced = try book(course.root, out: out, ["--force"])
        #expect(forced.status == 0)
        #expect(exists(out, "index.html") && exists(out, ".grader-book"))
        #expect(try String(contentsOf: out.appendingPathComponent("notes.txt"), encoding: .utf8) == "keep me")
        // Never into the course itself.
        let intoCourse = try book(course.root, out: course.root, ["--force"])
        #expect(intoCourse.status == 2 && intoCourse.stderr.contains("holds the course itself"))
        #expect(!exists(course.root, "index.html"))
    }

    @Test func aNewBookReplacesThePreviousOneAndKeepsOtherFiles() throws {
        let course = try TemporaryCourse.fixture()
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try book(course.root, out: out).status == 0)
        #expect(exists(out, "exercises/00-fixtures/04-ledger.html"))
        try "book.example.org".write(to: out.appendingPathComponent("CNAME"), atomically: true, encoding: .utf8)
        let manifest = try String(contentsOf: course.root.appendingPathComponent("grader.yml"), encoding: .utf8)
        try course.write("grader.yml", manifest.replacingOccurrences(of: ", 04-ledger]", with: "]"))
        let again = try book(course.root, out: out)
        #expect(again.status == 0, "a previous book is replaced without --force")
        #expect(!exists(out, "exercises/00-fixtures/04-ledger.html"), "the page of an exercise the course no longer has is gone")
        #expect(exists(out, "exercises/00-fixtures/03-documents.html") && exists(out, "CNAME"))
        #expect(try BookSite(out).brokenLinks().isEmpty)
    }

    @Test func partsWithProblemsAreNamedWithTheirLineAndTheRestIsBuilt() throws {
        let course = try fixtureWithLessons()
        let lesson = try String(contentsOf: course.root.appendingPathComponent("Lessons/00-fixtures.md"), encoding: .utf8)
        try course.write("Lessons/00-fixtures.md", lesson.replacingOccurrences(of: "```swift isolated", with: "```swift isolatd"))
        let line = lesson.components(separatedBy: "\n").firstIndex { $0 == "```swift isolated" }! + 1
        let exercise = try String(contentsOf: course.root.appendingPathComponent("Exercises/00-fixtures/03-documents/exercise.yml"), encoding: .utf8)
        try course.write("Exercises/00-fixtures/03-documents/exercise.yml", exercise.replacingOccurrences(of: "summary:", with: "sumary:"))
        // A statement that is not UTF-8: the exercise loads, its page cannot show the statement.
        try Data([0x23, 0x20, 0xC3, 0x28, 0xFF]).write(to: course.root.appendingPathComponent("Exercises/00-fixtures/02-sandbox-probe/README.md"))
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try book(course.root, out: out)
        #expect(result.status == 1)
        #expect(result.stderr.contains("book: Lessons/00-fixtures.md:\(line): unknown mark 'isolatd'"), "\(result.stderr)")
        #expect(result.stderr.contains("book: Exercises/00-fixtures/03-documents/exercise.yml:"))
        #expect(result.stderr.contains("book: Exercises/00-fixtures/02-sandbox-probe/README.md: cannot be read"))
        #expect(result.stdout.contains("(3 problems above)"))
        let site = try BookSite(out)
        #expect(try site.text("exercises/00-fixtures/02-sandbox-probe.html").contains("The statement could not be read."))
        let text = try site.text("lessons/00-fixtures.html")
        #expect(text.contains("This lesson could not be shown") && text.contains("unknown mark 'isolatd'"))
        #expect(!exists(out, "exercises/00-fixtures/03-documents.html"), "an exercise the course cannot load is left out")
        #expect(exists(out, "exercises/00-fixtures/01-counter.html") && exists(out, "lessons/01-later.html"))
        #expect(try site.brokenLinks().isEmpty)
    }

    @Test(.enabled(if: ExternalTool.runsTests(needing: "chromium")))
    func aRealBrowserRendersTheIndexAndALesson() throws {
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try book(Self.repository, out: out).status == 0)
        for (page, title) in [("index.html", "The persistence workbook"), ("lessons/01-defaults.html", "Lesson 1: User defaults")] {
            let url = out.appendingPathComponent(page)
            let png = out.appendingPathComponent(page.replacingOccurrences(of: "/", with: "-") + ".png")
            try Chromium.screenshot(url, to: png, width: 1200, height: 1600)
            let image = try PNGImage(try Data(contentsOf: png))
            if let keep = ProcessInfo.processInfo.environment["KEEP_BOOK_SCREENSHOTS"] {
                // To look at them: KEEP_BOOK_SCREENSHOTS=/tmp swift test --filter BookTests
                try Data(contentsOf: png).write(to: URL(fileURLWithPath: keep).appendingPathComponent(png.lastPathComponent))
            }
            #expect(image.width == 1200 && image.height == 1600)
            // Text in several colours, antialiased, over most of the height: a page was drawn
            // with its style sheet, not a blank or unstyled one.
            #expect(image.colourCount > 200, "\(page): \(image.colourCount) colours")
            #expect(image.shareOfRowsDrawn > 0.5, "\(page): \(image.shareOfRowsDrawn) of the rows drawn")
            #expect(image.hasColour(near: (0x09, 0x69, 0xDA)), "\(page): the links' blue")

            let dom = try Chromium.dumpDOM(url)
            #expect(dom.contains("<h1>\(title)</h1>") || dom.contains("\">\(title)</h1>"), "\(page) has its title")
            #expect(dom.contains("<a href=\"lessons/01-defaults.html\">1. User defaults</a>") || page != "index.html")
        }
        let lesson = try PNGImage(try Data(contentsOf: out.appendingPathComponent("lessons-01-defaults.html.png")))
        #expect(lesson.hasColour(near: (0xCF, 0x22, 0x2E)), "the keywords' red: the code is highlighted")
        let dom = try Chromium.dumpDOM(out.appendingPathComponent("lessons/01-defaults.html"))
        #expect(dom.contains("<span class=\"hl-keyword\">let</span> defaults = <span class=\"hl-type\">UserDefaults</span>.standard"))
        #expect(dom.contains("<span class=\"hl-comment\">// Prints \"Seat León\"</span>"))
    }
}
