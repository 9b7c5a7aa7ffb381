import Foundation
import Testing
@testable import GraderCore

/// Which mutants a failed schema compile leaves out: those whose sites hold the errors.
struct SchemaCompilerTests {
    // Line 1: `let a = (__graderMutant(1) ? (x - 1) : (x + 1))`, one site from offset 8 to 47;
    // line 2: `let b = f((__graderMutant(2) ? (2) : (1)))` with its site inside the call;
    // line 3: no site.
    private let text = Data("""
        let a = (__graderMutant(1) ? (x - 1) : (x + 1))
        let b = f((__graderMutant(2) ? (2) : (1)))
        let c = 3

        """.utf8)
    private var index: SchemaCompiler.Index {
        SchemaCompiler.Index(numbers: ["L1-arithmetic-1": 1, "L2-integer-literal-1": 2], sites: [
            .init(mutants: ["L1-arithmetic-1": 1], start: 8, end: 47),
            .init(mutants: ["L2-integer-literal-1": 2], start: 58, end: 89),
        ])
    }

    private func error(_ file: String = "Exercises/x/schema.swift", line: Int?, column: Int?) -> Diagnostic {
        Diagnostic(file: file, line: line, column: column, severity: .error, message: "e")
    }

    @Test func anErrorInsideASiteLeavesOutThatSitesMutants() {
        #expect(SchemaCompiler.mutants(at: [error(line: 1, column: 32)], of: index, text: text) == ["L1-arithmetic-1"])
        #expect(SchemaCompiler.mutants(at: [error(line: 1, column: 32), error(line: 2, column: 15)], of: index, text: text)
            == ["L1-arithmetic-1", "L2-integer-literal-1"])
    }

    @Test func anErrorBesideASiteOnItsLineLeavesOutThatLinesSites() {
        // Column 9 of line 2 is `f`, outside the site but on its line (`f` does not take the choice).
        #expect(SchemaCompiler.mutants(at: [error(line: 2, column: 9)], of: index, text: text) == ["L2-integer-literal-1"])
    }

    @Test func anErrorNoSiteCanHoldGivesNoAnswer() {
        #expect(SchemaCompiler.mutants(at: [error(line: 3, column: 5)], of: index, text: text) == nil)
        #expect(SchemaCompiler.mutants(at: [error("Exercises/x/Driver.swift", line: 1, column: 32)], of: index, text: text) == nil)
        #expect(SchemaCompiler.mutants(at: [error(line: nil, column: nil)], of: index, text: text) == nil)
        #expect(SchemaCompiler.mutants(at: [error(line: 1, column: 32), error(line: 3, column: 1)], of: index, text: text) == nil)
    }
}
