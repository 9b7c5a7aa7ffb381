import Foundation
import Testing
@testable import GraderCore

/// A seeded mutation fuzzer over the course's own files and the fixture course: `grader.yml`,
/// every `exercise.yml` and every lesson, with bytes flipped, text cut, lines repeated, dropped
/// or swapped, numbers made huge, infinite or NaN, alias bombs, CRLF and control characters.
/// Every input must load or fail with problems that each name a file and a line, within a bound
/// per input. A crash ends the test process: that is the failure this test looks for.
@Suite(.serialized)
struct CourseFuzzTests {
    static let repository = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()

    /// The slowest input may take this long before the test calls it a hang: far above what any
    /// input takes (the slowest is printed), far below the minutes an alias bomb took.
    static let perInputBound = 10.0

    /// Every file of a kind in the course and the fixture course.
    static func files(named name: String, under folders: [String]) -> [String] {
        folders.flatMap { folder -> [String] in
            let root = repository.appendingPathComponent(folder)
            let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            return paths.filter { ($0 as NSString).lastPathComponent == name || name.hasPrefix("*") && $0.hasSuffix(name.dropFirst()) }
                .sorted()
                .compactMap { try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
        }
    }

    static let exerciseFiles = files(named: "exercise.yml", under: ["Exercises", "Tests/Fixtures/course/Exercises"])
    static let manifests = [try? String(contentsOf: repository.appendingPathComponent("grader.yml"), encoding: .utf8),
                            try? String(contentsOf: repository.appendingPathComponent("Tests/Fixtures/course/grader.yml"), encoding: .utf8)]
        .compactMap { $0 }
    static let lessons = files(named: "*.md", under: ["Lessons", "Tests/Fixtures/lessons"]).filter { $0.contains("```swift") }

    @Test func theSeedsAreTheCoursesFiles() {
        #expect(Self.exerciseFiles.count >= 40)
        #expect(Self.manifests.count == 2)
        #expect(Self.lessons.count >= 8)
    }

    @Test func mutatedExerciseFilesLoadOrSayWhereTheyAreWrong() throws {
        let course = try TemporaryCourse(files: [
            "grader.yml": CourseLoaderTests.manifest,
            "Exercises/01-basics/01-one/README.md": "# One\n",
            "Exercises/01-basics/01-one/Driver.swift": "",
            "Exercises/01-basics/01-one/Solution.swift": "",
            "Exercises/01-basics/01-one/Reference/Solution.swift": "",
        ])
        let directory = course.root.appendingPathComponent("Exercises/01-basics/01-one")
        let file = directory.appendingPathComponent("exercise.yml")
        var random = SeededRandom(seed: 2024)
        var stats = Stats()
        for round in 0..<1800 {
            let input = Mutator.mutate(Self.exerciseFiles[round % Self.exerciseFiles.count], using: &random)
            try input.write(to: file)
            var problems: [CourseProblem] = []
            stats.time {
                do {
                    problems = try CourseLoader().loadExercise(directory: directory, lessonID: "01-basics", slug: "01-one",
                                                               defaults: .standard, points: 10).1
                } catch let problem as CourseProblem {
                    problems = [problem]
                } catch {
                    Issue.record("round \(round): not a course problem: \(error)")
                }
            }
            stats.count(problems)
            // A missing resource is a problem of the line that names it; every other one is the file's.
            for problem in problems where problem.line == nil || problem.file != "Exercises/01-basics/01-one/exercise.yml" {
                Issue.record("round \(round): a problem without its place: \(problem)\n--- input:\n\(String(decoding: input.prefix(2000), as: UTF8.self))")
            }
        }
        stats.report("exercise.yml", bound: Self.perInputBound)
    }

    @Test func mutatedManifestsLoadOrSayWhereTheyAreWrong() throws {
        // Every exercise both manifests list is there, so that an unmutated manifest loads clean.
        let course = try TemporaryCourse()
        for folder in ["Exercises", "Tests/Fixtures/course/Exercises"] {
            let root = Self.repository.appendingPathComponent(folder)
            for path in FileManager.default.enumerator(atPath: root.path)?.compactMap({ $0 as? String }) ?? []
            where path.hasSuffix("/exercise.yml") {
                try course.write("Exercises/\(path)", "")
            }
        }
        for manifest in Self.manifests {
            try course.write("grader.yml", manifest)
            #expect(try CourseLoader().loadManifest(root: course.root).problems.isEmpty)
        }
        let file = course.root.appendingPathComponent("grader.yml")
        var random = SeededRandom(seed: 7)
        var stats = Stats()
        for round in 0..<600 {
            let input = Mutator.mutate(Self.manifests[round % Self.manifests.count], using: &random)
            try input.write(to: file)
            var problems: [CourseProblem] = []
            stats.time {
                do {
                    problems = try CourseLoader().loadManifest(root: course.root).problems
                } catch let problem as CourseProblem {
                    problems = [problem]
                } catch {
                    Issue.record("round \(round): not a course problem: \(error)")
                }
            }
            stats.count(problems)
            for problem in problems where problem.line == nil || problem.file != "grader.yml" {
                Issue.record("round \(round): a problem without its place: \(problem)")
            }
        }
        stats.report("grader.yml", bound: Self.perInputBound)
    }

    @Test func mutatedLessonsParseOrSayWhereTheyAreWrong() throws {
        let course = try TemporaryCourse()
        let file = course.root.appendingPathComponent("lesson.md")
        var random = SeededRandom(seed: 99)
        var stats = Stats()
        for round in 0..<1200 {
            let input = Mutator.mutate(Self.lessons[round % Self.lessons.count], using: &random)
            try input.write(to: file)
            var problems: [CourseProblem] = []
            stats.time {
                do {
                    let document = try LessonDocument(url: file, displayPath: "Lessons/lesson.md")
                    // The programs the checker would compile, built as far as their text.
                    let shared = document.blocks.filter(\.isShared)
                    let program = LessonProgram(blocks: shared, file: file, checked: true)
                    _ = program.lessonLine(forUnlocated: "main.swift:\(round % 50)", lessonFile: "lesson.md")
                    for block in document.blocks where block.isSwift && !block.isShared {
                        _ = LessonProgram(blocks: [block], file: file, checked: true)
                    }
                    _ = LessonLinks.broken(in: document)
                    // As `grader lessons show` reads it, at widths down to the narrowest (one round in
                    // ten: rendering a whole lesson costs more than the rest of a round).
                    if round % 10 == 0 {
                        _ = TerminalMarkdown(style: TerminalStyle(colors: round % 20 == 0), width: 10 + round % 100).render(lesson: document)
                    }
                } catch let found as LessonProblems {
                    problems = found.problems
                } catch {
                    Issue.record("round \(round): not a lesson problem: \(error)")
                }
                // Any text, as `grader show` reads a statement.
                if round % 10 == 5 {
                    _ = TerminalMarkdown(style: TerminalStyle(colors: false), width: 30 + round % 70)
                        .render(markdown: String(decoding: input, as: UTF8.self), source: "Exercises/01-a/01-b/README.md")
                }
            }
            stats.count(problems)
            for problem in problems where problem.line == nil || problem.file != "Lessons/lesson.md" {
                Issue.record("round \(round): a problem without its place: \(problem)")
            }
        }
        stats.report("lessons", bound: Self.perInputBound)
    }

    /// How long inputs took and how many failed, printed as a measurement.
    struct Stats {
        var inputs = 0
        var withProblems = 0
        var slowest = 0.0
        var total = 0.0

        mutating func time(_ body: () -> Void) {
            let start = Date()
            body()
            let seconds = Date().timeIntervalSince(start)
            slowest = max(slowest, seconds)
            total += seconds
            inputs += 1
        }

        mutating func count(_ problems: [CourseProblem]) {
            if !problems.isEmpty { withProblems += 1 }
        }

        func report(_ name: String, bound: Double) {
            print("fuzz \(name): \(inputs) inputs, \(withProblems) with problems, \(String(format: "%.2f", total)) s in all, slowest \(String(format: "%.3f", slowest)) s")
            #expect(slowest < bound, "an input took \(slowest) s: a hang")
            #expect(withProblems > inputs / 10 && withProblems < inputs, "the mutations reach both outcomes")
        }
    }
}
