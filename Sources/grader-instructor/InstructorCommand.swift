import ArgumentParser
import Foundation

/// The grader's commands for instructors, in an executable of their own so that students never
/// build them: `grader batch`, `grader merge` and `grader book` run this program (``InstructorTool`` in `grader`).
@main
struct InstructorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        // Named as students' and instructors' one command names it: `grader batch …`.
        commandName: "grader",
        abstract: "The grader's commands for instructors: grade a class, merge shards, pack the student handout, write the course as a website.",
        subcommands: [Batch.self, Merge.self, Pack.self, Book.self]
    )
}
