import Foundation

/// What the names in course files may hold. The grader builds paths from some (a lesson's id,
/// an exercise's folder, a resource, a defaults suite's file) and prints others on a line of
/// their own (a case's name): a `/`, a `..` or a newline in one would reach another folder or
/// forge a line of a report.
enum NameRules {
    /// Why `name` cannot name one file or folder the grader builds a path from, or nil when it can.
    static func fileNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a name cannot be empty" }
        if let problem = lineProblem(name) { return problem }
        if name.contains("/") || name.contains("\\") { return "'\(name)' names one file or folder: no / or \\ in it" }
        if name.hasPrefix(".") { return "'\(name)' cannot start with . (no ., .. or hidden names)" }
        if name.hasPrefix("-") { return "'\(name)' cannot start with - (on a command line it reads as an option)" }
        return nil
    }

    /// Why `text` cannot be a name shown on a line, or nil: no control characters (a newline,
    /// a tab, an escape, a NUL).
    static func lineProblem(_ text: String) -> String? {
        guard let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) else { return nil }
        return "a name cannot hold control characters (it holds U+\(String(format: "%04X", control.value)))"
    }
}
