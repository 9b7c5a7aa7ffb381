import Foundation

/// A compiler message, parsed from `swiftc -diagnostic-style=llvm` output.
public struct Diagnostic: Hashable, Sendable, Codable {
    public enum Severity: String, Hashable, Sendable, Codable {
        case error, warning, note
    }

    /// The file as the learner knows it (relative to the course root), or nil for messages
    /// without a location (such as linker errors).
    public var file: String?
    public var line: Int?
    public var column: Int?
    public var severity: Severity
    public var message: String
    /// The source line the message points at, when the file could be read.
    public var sourceLine: String?

    /// Parses compiler output into diagnostics.
    ///
    /// - Parameters:
    ///   - output: what `swiftc` printed.
    ///   - displayPath: maps an absolute source path to the path shown to the learner; paths it
    ///     returns nil for are kept as their last component.
    ///   - quotable: the file whose lines a diagnostic at a path may quote (one of the build's
    ///     inputs), nil for none. A learner's `#sourceLocation(file: "/any/path", line: 1)` makes
    ///     the compiler name any path: reading it would quote another student's file or a
    ///     reference in the learner's own report.
    public static func parse(_ output: String, displayPath: (String) -> String?,
                             quotable: (String) -> URL? = { URL(fileURLWithPath: $0) }) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for rawLine in output.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = String(rawLine)
            if let located = parseLocated(line, displayPath: displayPath, quotable: quotable) {
                diagnostics.append(located)
            } else if let range = line.range(of: "error: "), line.hasPrefix("error: ") || line.contains(": error: ") {
                // An unlocated error (driver, linker): keep its text.
                let message = String(line[range.upperBound...])
                diagnostics.append(Diagnostic(file: nil, line: nil, column: nil, severity: .error, message: message))
            }
        }
        return diagnostics
    }

    /// `path:line:column: severity: message`
    private static func parseLocated(_ line: String, displayPath: (String) -> String?, quotable: (String) -> URL?) -> Diagnostic? {
        for severity in [Severity.error, .warning, .note] {
            guard let marker = line.range(of: ": \(severity.rawValue): ") else { continue }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let lineNumber = Int(location[location.count - 2]),
                  let column = Int(location[location.count - 1]) else { return nil }
            let path = location[..<(location.count - 2)].joined(separator: ":")
            let shown = displayPath(path) ?? URL(fileURLWithPath: path).lastPathComponent
            return Diagnostic(file: shown, line: lineNumber, column: column, severity: severity,
                              message: String(line[marker.upperBound...]),
                              sourceLine: quotable(path).flatMap { sourceLine($0.path, lineNumber) })
        }
        return nil
    }

    private static func sourceLine(_ path: String, _ number: Int) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard number >= 1, number <= lines.count else { return nil }
        return String(lines[number - 1])
    }
}
