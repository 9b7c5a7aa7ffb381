import Foundation
import Testing
@testable import GraderCore

/// A lesson saved with CRLF line endings is the same lesson.
struct LessonDocumentTests {
    static let lessons = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Lessons")

    private func document(_ text: String) throws -> LessonDocument {
        try LessonDocument(text: text, url: URL(fileURLWithPath: "/tmp/lesson.md"), displayPath: "Lessons/lesson.md")
    }

    @Test func everyLessonOfTheCourseReadsAlikeWithCRLF() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.lessons.path).filter { $0.hasSuffix(".md") && $0 != "README.md" }
        #expect(files.count == 7)
        for name in files {
            let text = try String(contentsOf: Self.lessons.appendingPathComponent(name), encoding: .utf8)
            let unix = try document(text)
            // Before: the first fence never closed ("```\r" is not "```"), so no block was checked.
            let windows = try document(text.replacingOccurrences(of: "\n", with: "\r\n"))
            #expect(windows.lines == unix.lines, "\(name)")
            #expect(windows.lineEnding == "\r\n" && unix.lineEnding == "\n")
            #expect(windows.blocks.map(\.fenceLine) == unix.blocks.map(\.fenceLine), "\(name)")
            #expect(windows.blocks.map(\.lines) == unix.blocks.map(\.lines), "\(name)")
            #expect(windows.blocks.map(\.checks.count) == unix.blocks.map(\.checks.count), "\(name)")
            #expect(windows.blocks.flatMap { $0.checks.flatMap(\.expected) } == unix.blocks.flatMap { $0.checks.flatMap(\.expected) })
            #expect(unix.blocks.contains { !$0.checks.isEmpty }, "\(name) has checks to compare")
        }
    }
}
