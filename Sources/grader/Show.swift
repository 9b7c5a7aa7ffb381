import ArgumentParser
import Foundation
import GraderCore

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print an exercise's statement.")

    @OptionGroup var options: CourseOptions

    @Argument(help: "The exercise (id, folder name, short name or path).")
    var exercise: String

    func run() throws {
        let found = try loadExercise(exercise, options: options)
        guard let text = try? String(contentsOf: found.statementURL, encoding: .utf8) else {
            throw fail(GraderError.io("cannot read \(found.displayPath)/README.md"))
        }
        print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
        print("Edit: \(found.learnerFiles.map { "\(found.displayPath)/\($0)" }.joined(separator: ", "))")
        print("Check: grader check \(found.shortName)")
    }
}

/// Loads the course and finds one exercise, or ends with a clear message.
func loadExercise(_ name: String, options: CourseOptions) throws -> Exercise {
    do {
        let course = try CourseLoader().load(root: try options.courseRoot()).course
        let matches = try ExerciseSelector.select(
            [name], in: course, currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        return matches[0]
    } catch let error as ExitCode {
        throw error
    } catch {
        throw fail(error)
    }
}
