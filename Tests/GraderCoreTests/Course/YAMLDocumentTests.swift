import Foundation
import Testing
@testable import GraderCore

/// What `YAMLDocument` refuses before any field is decoded, each with its file, line and column.
struct YAMLDocumentTests {
    /// `exercise.yml` written with `text`, loaded: its problems.
    private func problems(_ text: String) throws -> [CourseProblem] {
        try problems(Data(text.utf8))
    }

    private func problems(_ bytes: Data) throws -> [CourseProblem] {
        let temporary = try TemporaryCourse(files: ["grader.yml": CourseLoaderTests.manifest])
        let file = temporary.root.appendingPathComponent("Exercises/01-basics/01-one/exercise.yml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file)
        return try CourseLoader().load(root: temporary.root).problems.filter { $0.file.hasSuffix("exercise.yml") }
    }

    /// "Billion laughs": `levels` anchors, each a list of nine aliases of the one before.
    static func aliasBomb(levels: Int, asKey: Bool = false) -> String {
        var text = "format: 1\ntitle: Bomb\nsummary: s\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1..<levels {
            text += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        text += asKey ? "keyed: {? *l\(levels - 1) : 1}\n" : "cases: *l\(levels - 1)\n"
        return text
    }

    @Test func anAliasBombIsRefusedWhereItGrows() throws {
        // 9^9 nodes: decoding it took minutes; counting it stops at the limit.
        let found = try problems(Self.aliasBomb(levels: 9))
        let problem = try #require(found.first)
        #expect(found.count == 1)
        // l4 holds 66,430 nodes, l5 nine times as many: l5's anchor is where it grows over the limit.
        #expect(problem.line == 9)
        #expect(problem.column == 5)
        #expect(problem.message.contains("more than 100000 nodes once its aliases are expanded"))
    }

    @Test func anAliasUsedAsAKeyIsRefusedBeforeYamsHashesIt() throws {
        let found = try problems(Self.aliasBomb(levels: 9, asKey: true))
        let problem = try #require(found.first)
        #expect(problem.line == 13)
        #expect(problem.column == 11)
        #expect(problem.message == "an alias (*l8) cannot be a mapping key; write the key itself")
    }

    @Test func aliasesWithinTheLimitAndStarsInTextStillLoad() throws {
        let temporary = try TemporaryCourse(files: [
            "grader.yml": CourseLoaderTests.manifest,
            "Exercises/01-basics/01-one/exercise.yml": """
                format: 1
                title: Aliases
                summary: "*Stars* in text: *not* aliases"
                hints: ['**Bold**: still text', "x *y: z"]
                cases:
                  - name: first
                    steps:
                      - call: save
                        args: &person {name: Ada, tags: [a, b]}
                      - call: load
                        expect: *person
                    container:
                      - path: Documents/db.sqlite
                        is: sqlite
                        query: SELECT * FROM people   # *not an alias
                  - name: second
                    steps: [{call: load, expect: *person}]
                """,
            "Exercises/01-basics/01-one/README.md": "# One\n",
            "Exercises/01-basics/01-one/Driver.swift": "",
            "Exercises/01-basics/01-one/Solution.swift": "",
            "Exercises/01-basics/01-one/Reference/Solution.swift": "",
        ])
        let loaded = try CourseLoader().load(root: temporary.root)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let exercise = try #require(loaded.course.exercises.first)
        #expect(exercise.summary == "*Stars* in text: *not* aliases")
        #expect(exercise.hints == ["**Bold**: still text", "x *y: z"])
        guard case .call(let load) = exercise.cases[1].steps[0] else { Issue.record("a call"); return }
        #expect(load.expectation == .value(.object(["name": .string("Ada"), "tags": .array([.string("a"), .string("b")])])))
        #expect(exercise.cases[0].container.first?.query == "SELECT * FROM people")
    }

    @Test func nestingIsBoundedByTheParser() throws {
        let deep = "format: 1\ntitle: Deep\nsummary: s\ncases: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "\n"
        let problem = try #require(try problems(deep).first)
        #expect(problem.line == 4)
        #expect(problem.message.hasPrefix("invalid YAML"))
    }

    @Test func aQuotedKeyAndAPlainKeyOfOneTextAreOneKeyWrittenTwice() throws {
        // Keys are found by their text, so `"1"` and `1` would be the same key of an expected
        // object, the second silently winning: the pair is refused where the first is.
        let found = try problems("""
            format: 1
            title: Twice
            summary: s
            cases:
              - name: c
                steps:
                  - call: load
                    expect: {"1": a, 1: b}
            """)
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect(problem.line == 8)
        #expect(problem.message.contains("'1' written twice"))
    }
}
