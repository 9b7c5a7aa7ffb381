import Foundation
import Testing
@testable import GraderCore

/// `grader lessons show` and `grader show` through the real grader on the real course, piped as
/// a student's `| less` or a CI log would be: rendered text, no Markdown left, fitted to the width.
/// Code blocks are printed as written, never wrapped, so only they may be wider.
struct ReadingTests {
    static let course = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
    static let gutter = "    │ "

    private func show(_ arguments: [String], columns: Int) throws -> String {
        let output = try GraderProcess.run(arguments, in: Self.course, environment: ["COLUMNS": "\(columns)"])
        #expect(output.status == 0, "\(arguments): \(output.stderr)")
        #expect(!output.stdout.contains("\u{1B}"), "no colours in a pipe")
        return output.stdout
    }

    /// The lines that are not code.
    private func prose(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.hasPrefix(Self.gutter) && $0.trimmingCharacters(in: .whitespaces) != "This does not compile:"
            && $0.trimmingCharacters(in: .whitespaces) != "This crashes when it runs:" }
    }

    @Test func lessonOneReadsAsTextWithCommandsForItsExercises() throws {
        let text = try show(["lessons", "show", "1"], columns: 72)
        let prose = prose(text)
        #expect(prose.first == "Lesson 1: User defaults")
        for line in prose {
            #expect(!line.contains("**") && !line.contains("](") && !line.contains("`"), "Markdown left: \(line)")
            #expect(line.count <= 72, "wider than 72 columns: \(line)")
        }
        #expect(text.contains("Car settings (grader show car-settings)"))
        #expect(text.contains("(grader show phonebook)"))
        #expect(!text.contains("../Exercises"))
        // The table of property-list types, boxed and aligned.
        #expect(prose.contains { $0.hasPrefix("│ Swift type") } && prose.contains { $0.hasPrefix("│ String ") })
    }

    @Test func aStatementReadsAsTextThenSaysWhatToEditAndHowToCheck() throws {
        let text = try show(["show", "car-settings"], columns: 64)
        #expect(text.hasPrefix("Car settings\n════════════\n"))
        for line in prose(text) {
            #expect(!line.contains("**") && !line.contains("](") && !line.contains("`"), "Markdown left: \(line)")
            #expect(line.count <= 64, "wider than 64 columns: \(line)")
        }
        #expect(text.hasSuffix("\nEdit: Exercises/01-defaults/01-car-settings/Solution.swift\nCheck: grader check car-settings\n"))
        #expect(text.contains(Self.gutter + "struct CarSettingsStore {"))
    }

    /// Every lesson of the course, laid out narrow: each code line the reader's view holds is
    /// printed whole, in order, behind the gutter, and only code lines are wider than the width.
    @Test func everyLessonRendersWithoutLosingACodeLine() throws {
        let manifest = try CourseLoader().loadManifest(root: Self.course)
        #expect(manifest.lessons.count >= 7)
        for lesson in manifest.lessons where FileManager.default.fileExists(atPath: lesson.file.path) {
            let document = try LessonDocument(url: lesson.file, displayPath: "Lessons/\(lesson.id).md")
            let code = ReaderMarkdown(lesson: document).parts.flatMap { part -> [String] in
                guard case .code(let block) = part else { return [] }
                return block.lines
            }
            #expect(!code.isEmpty)
            let text = try show(["lessons", "show", lesson.id], columns: 60)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var next = 0
            for line in code {
                guard let found = lines[next...].firstIndex(of: Self.gutter + line) else {
                    Issue.record("\(lesson.id): the code line \(line.debugDescription) is missing or out of order")
                    break
                }
                next = found + 1
            }
            #expect(lines.filter { $0.hasPrefix(Self.gutter) }.count == code.count, "\(lesson.id): no other line looks like code")
            for line in prose(text) {
                #expect(line.count <= 60, "\(lesson.id): wider than 60 columns: \(line)")
                #expect(!line.contains("**") && !line.contains("]("), "\(lesson.id): Markdown left: \(line)")
            }
        }
    }
}
