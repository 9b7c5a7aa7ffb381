import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore
import GraderInstructor

struct Book: GraderSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the lessons and exercise statements as a website that works offline (Docs/book.md).",
        discussion: """
            Writes DIR/index.html (the contents), a page per lesson (lessons/ID.html) and per exercise \
            (exercises/LESSON/EXERCISE.html: its statement, the starter files to edit and the command that checks \
            them), and style.css. Every link is relative: open DIR/index.html in a browser, or publish DIR on any \
            static host. DIR must be new, empty, or a book written before (it holds a .grader-book file), unless \
            --force. A lesson or statement with problems gets a page saying so and the rest is built.
            Exit status: 0 when the book was written, 1 when it was written but some parts had problems \
            (listed on standard error), 2 when it could not be written.
            """)

    @OptionGroup var options: CourseOptions

    @Option(help: ArgumentHelp("The folder to write the book into.", valueName: "dir"))
    var out: String

    @Flag(help: "Write into a folder that is not empty and holds no earlier book (files of the same name are replaced).")
    var force = false

    func perform() throws -> Int32 {
        let loaded = try CourseLoader().load(root: try options.courseRoot())
        let folder = out.hasPrefix("/") ? URL(fileURLWithPath: out) : options.currentDirectory.appendingPathComponent(out)
        let summary = try BookBuilder(course: loaded.course).write(to: folder, force: force)
        // An exercise whose files have problems is left out of the book: its problems say why.
        let problems = loaded.problems + summary.problems
        for problem in problems {
            FileHandle.standardError.write(Data("book: \(problem)\n".utf8))
        }
        let images = summary.images > 0 ? " and \(summary.images) image\(summary.images == 1 ? "" : "s")" : ""
        let note = problems.isEmpty ? "" : " (\(problems.count) problem\(problems.count == 1 ? "" : "s") above)"
        print("Wrote \(summary.pages) pages\(images) to \(summary.folder.path)\(note): open \(summary.folder.appendingPathComponent("index.html").path)")
        return problems.isEmpty ? 0 : 1
    }
}
