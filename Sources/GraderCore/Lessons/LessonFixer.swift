import Foundation

/// Rewrites stale `// Prints` comments and `output` blocks in place, and nothing else, for the
/// author to review with `git diff`.
enum LessonFixer {
    struct Edit {
        var target: LessonProgram.FixTarget
        var actual: [String]
    }

    static func apply(_ edits: [Edit], to document: LessonDocument) throws {
        var lines = document.lines
        // From the bottom up, so that earlier line numbers stay valid.
        let ordered = edits.sorted { first($0.target) > first($1.target) }
        for edit in ordered {
            switch edit.target {
            case .prints(let first, let last, let indentation):
                let replacement = edit.actual.map { "\(indentation)// Prints \"\($0)\"" }
                lines.replaceSubrange((first - 1)..<last, with: replacement)
            case .output(let first, let last):
                lines.replaceSubrange((first - 1)..<max(first - 1, last), with: edit.actual)
            }
        }
        let text = lines.joined(separator: document.lineEnding) + document.lineEnding
        try text.write(to: document.url, atomically: true, encoding: .utf8)
    }

    private static func first(_ target: LessonProgram.FixTarget) -> Int {
        switch target {
        case .prints(let first, _, _): return first
        case .output(let first, _): return first
        }
    }
}
