import Foundation
import Testing
@testable import MutationKit

/// Each operator on a small source: where it applies, what it writes, and where it does not.
struct MutantGeneratorTests {
    private func mutants(_ source: String, _ kind: MutationOperator) -> [(name: String, text: String)] {
        MutantGenerator().mutants(of: source).filter { $0.mutation.mutationOperator == kind }
            .map { ($0.name, $0.mutation.apply(to: source)) }
    }

    @Test func codeTheCourseGivesGetsNoMutants() {
        let source = """
            func learner(a: Int) -> Bool { a < 3 }
            // given: begin
            func given(a: Int) -> Bool { a > 3 }
            // given: end
            func alsoLearner(a: Int) -> Bool { a == 3 }
            // given: begin
            func givenToTheEnd(a: Int) -> Bool { a != 3 }
            """
        let lines = Set(MutantGenerator().mutants(of: source).map(\.mutation.line))
        #expect(lines == [1, 5])
        #expect(MutantGenerator.givenLines(of: source) == [2, 3, 4, 6, 7])
    }

    @Test func relationalOperators() {
        let found = mutants("func f(a: Int) -> Bool {\n    a < 3 && a != 0\n}\n", .relational)
        #expect(found.map(\.text) == ["func f(a: Int) -> Bool {\n    a <= 3 && a != 0\n}\n",
                                      "func f(a: Int) -> Bool {\n    a < 3 && a == 0\n}\n"])
        #expect(found.map(\.name) == ["L2-relational-1", "L2-relational-2"])
    }

    @Test func arithmeticAndCompoundAssignment() {
        let found = mutants("var t = 0\nt += 2 * 3\n", .arithmetic).map(\.text)
        #expect(found == ["var t = 0\nt -= 2 * 3\n", "var t = 0\nt += 2 / 3\n"])
    }

    @Test func logicalOperatorsAndRemovedNot() {
        let found = mutants("let ok = !done || ready\n", .logical).map(\.text)
        #expect(found.contains("let ok = done || ready\n"))
        #expect(found.contains("let ok = !done && ready\n"))
    }

    @Test func negatedConditions() {
        let source = "if count > 0 { go() }\nguard let x = y, x.isEmpty else { return }\n"
        let found = mutants(source, .negatedCondition).map(\.text)
        #expect(found == ["if !(count > 0) { go() }\nguard let x = y, x.isEmpty else { return }\n",
                          "if count > 0 { go() }\nguard let x = y, !(x.isEmpty) else { return }\n"])
    }

    @Test func integerLiteralsOneUpAndOneDown() {
        #expect(mutants("let n = 10\n", .integerLiteral).map(\.text) == ["let n = 11\n", "let n = 9\n"])
        #expect(mutants("let n = 0\n", .integerLiteral).map(\.text) == ["let n = 1\n"])
        // A negative literal only moves toward zero: any negative length means the same to SQLite.
        #expect(mutants("bind(s, 1, name, -1)\n", .integerLiteral).map(\.text) == ["bind(s, 0, name, -1)\n", "bind(s, 2, name, -1)\n", "bind(s, 1, name, -0)\n"])
    }

    @Test func booleanLiterals() {
        #expect(mutants("let atomic = true\n", .booleanLiteral).map(\.text) == ["let atomic = false\n"])
    }

    @Test func removedCallsAndAssignments() {
        let source = "func save() throws {\n    try data.write(to: url)\n    defaults.synchronize()\n    cache = nil\n    let kept = make()\n}\n"
        let calls = mutants(source, .removedCall).map(\.text)
        #expect(calls == ["func save() throws {\n    \n    defaults.synchronize()\n    cache = nil\n    let kept = make()\n}\n",
                          "func save() throws {\n    try data.write(to: url)\n    \n    cache = nil\n    let kept = make()\n}\n"])
        #expect(mutants(source, .removedAssignment).map(\.text)
                == ["func save() throws {\n    try data.write(to: url)\n    defaults.synchronize()\n    \n    let kept = make()\n}\n"])
    }

    @Test func defaultReturnsFollowTheDeclaredType() {
        let source = """
            func names() -> [String] { return list }
            func find() -> Int? { return index }
            func title() -> String { return name }
            func other() -> Car { return car }
            """
        #expect(mutants(source, .defaultReturn).map(\.text) == [
            source.replacingOccurrences(of: "return list", with: "return []"),
            source.replacingOccurrences(of: "return index", with: "return nil"),
            source.replacingOccurrences(of: "return name", with: "return \"\""),
        ])
        // A closure's return is not the function's.
        #expect(mutants("func f() -> Int { xs.map { return $0 }.count }\n", .defaultReturn).isEmpty)
    }

    @Test func stringLiteralsButNotMessages() {
        let source = "defaults.set(v, forKey: \"speed\")\nprint(\"saved\")\nfatalError(\"no \\(x)\")\nthrow E.corrupt(at: c, debugDescription: \"bad\")\n"
        #expect(mutants(source, .stringLiteral).map(\.text)
                == ["defaults.set(v, forKey: \"speedx\")\nprint(\"saved\")\nfatalError(\"no \\(x)\")\nthrow E.corrupt(at: c, debugDescription: \"bad\")\n"])
    }

    @Test func swappedArgumentsAndRemovedOptions() {
        #expect(mutants("bind(statement, 2)\n", .swappedArguments).map(\.text) == ["bind(2, statement)\n"])
        #expect(mutants("copy(from: a, to: b)\n", .swappedArguments).isEmpty)
        #expect(mutants("try data.write(to: url, options: .atomic)\n", .removedOptions).map(\.text)
                == ["try data.write(to: url, options: [])\n"])
    }

    @Test func namesAreStableAndUnique() {
        let source = "let a = 1 + 2\nlet b = a < 3\n"
        let first = MutantGenerator().mutants(of: source).map(\.name)
        #expect(first == MutantGenerator().mutants(of: source).map(\.name))
        #expect(Set(first).count == first.count)
    }
}
