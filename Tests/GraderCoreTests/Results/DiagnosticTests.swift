import Foundation
import Testing
@testable import GraderCore

struct DiagnosticTests {
    @Test func parsesLocatedErrorsAndMapsPaths() throws {
        let course = try TemporaryCourse(files: ["Exercises/a/Solution.swift": "let a = 1\nlet b = c\n"])
        let path = course.root.appendingPathComponent("Exercises/a/Solution.swift").path
        let output = """
            \(path):2:9: error: cannot find 'c' in scope
            \(path):1:5: warning: initialization of immutable value 'a' was never used
            /elsewhere/Driver.swift:3:1: note: did you mean 'x'?
            error: link command failed with exit code 1 (use -v to see invocation)
            """
        let root = course.root.standardizedFileURL.path + "/"
        let diagnostics = Diagnostic.parse(output) { absolute in
            absolute.hasPrefix(root) ? String(absolute.dropFirst(root.count)) : nil
        }
        #expect(diagnostics.count == 4)
        #expect(diagnostics[0] == Diagnostic(file: "Exercises/a/Solution.swift", line: 2, column: 9, severity: .error,
                                             message: "cannot find 'c' in scope", sourceLine: "let b = c"))
        #expect(diagnostics[1].severity == .warning)
        #expect(diagnostics[2].file == "Driver.swift")
        #expect(diagnostics[2].severity == .note)
        #expect(diagnostics[3].file == nil)
        #expect(diagnostics[3].message.hasPrefix("link command failed"))
    }

    @Test func ignoresSourceEchoLines() {
        let output = "    let b = c\n            ^\n"
        #expect(Diagnostic.parse(output) { _ in nil }.isEmpty)
    }
}
