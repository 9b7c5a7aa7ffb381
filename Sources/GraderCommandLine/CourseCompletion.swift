import ArgumentParser
import Foundation
import GraderCore

/// Shell completion of the names that `check`, `show`, `hint`, `verify` and `lessons` take,
/// read from the `grader.yml` of the course the command would use (the current folder's, or
/// `--course`'s when the line being completed has one). Only the manifest is read, so it is
/// quick; anything that goes wrong completes nothing rather than printing an error into the
/// learner's prompt.
///
/// The shell asks for them by running `grader ---completion <subcommand> -- <argument> …`
/// (swift-argument-parser's protocol behind `grader --generate-completion-script`).
package enum CourseCompletion {
    /// What an argument names.
    package enum Names: Sendable {
        /// Exercises: short names (`car-settings`) and ids (`01-defaults/01-car-settings`).
        case exercises
        /// Exercises, and lessons by id (`01-defaults`) and number (`1`).
        case exercisesAndLessons
        /// Lessons by id and number.
        case lessons
    }

    /// The completion of an argument that takes `names`.
    package static func kind(_ names: Names) -> CompletionKind {
        .custom { arguments, _, prefix in
            candidates(names, arguments: arguments, prefix: prefix,
                       directory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        }
    }

    /// The names that start with `prefix`, from the course `arguments` (the command line so far)
    /// names with `--course`, or the one around `directory`.
    package static func candidates(_ names: Names, arguments: [String], prefix: String, directory: URL) -> [String] {
        let start = course(in: arguments).map { URL(fileURLWithPath: $0, relativeTo: directory) } ?? directory
        guard let root = CourseLoader.findRoot(from: start.absoluteURL),
              let manifest = try? CourseLoader().loadManifest(root: root) else { return [] }
        var found: [String] = []
        if names != .lessons {
            found += manifest.exercises.map(\.shortName) + manifest.exercises.map(\.id)
        }
        if names != .exercises {
            for lesson in manifest.lessons {
                found.append(lesson.id)
                if let number = Int(lesson.id.prefix { $0.isNumber }) { found.append(String(number)) }
            }
        }
        var seen = Set<String>()
        return found.filter { $0.hasPrefix(prefix) && seen.insert($0).inserted }
    }

    /// The value of `--course DIR` or `--course=DIR` on the command line being completed.
    static func course(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--course", index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix("--course=") { return String(argument.dropFirst("--course=".count)) }
        }
        return nil
    }
}
