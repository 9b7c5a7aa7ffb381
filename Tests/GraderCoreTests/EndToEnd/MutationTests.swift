import Foundation
import Testing
@testable import GraderCore

/// `grader verify --mutants` on the fixture's counter: generated mutants graded for real.
@Suite(.serialized)
struct MutationTests {
    private func verifyCounter(_ course: TemporaryCourse) throws -> VerifyReport {
        let workspace = try Workspace.open(root: course.root, executable: GradingHarness.executable,
                                           workDirectory: GradingHarness.workDirectory) { manifest in
            try .verification(["counter"], in: manifest, currentDirectory: course.root)
        }
        return try workspace.verify(jobs: 2, mutants: 100)
    }

    @Test func survivorsAreShownAsDiffsAndLowerTheScore() throws {
        let course = try TemporaryCourse.fixture()
        let report = try verifyCounter(course)
        let score = try #require(report.mutation.first)
        #expect(report.mutation.count == 1)
        #expect(score.exercise == "00-fixtures/01-counter")
        #expect(score.generated == 10 && score.tried == 10)
        // No case increments by 0, so `step >= 0` → `step > 0` (or `>= 1`) goes unnoticed.
        #expect(score.survivors.map(\.name) == ["L13-relational-1", "L13-integer-literal-1"])
        #expect(score.survivors.first?.diff == "- 13 | guard step >= 0 else { throw CounterError.negative }\n+ 13 | guard step > 0 else { throw CounterError.negative }")
        #expect(score.caught + score.notCompiled == 8)
        #expect(score.score < 0.9 && !score.passed)
        #expect(!report.isClean)
        let text = VerifyTerminalReport(style: TerminalStyle(colors: false)).render(report)
        #expect(text.contains("✗ 00-fixtures/01-counter: mutation score"))
        #expect(text.contains("survived: L13-relational-1 (`>=` → `>`)"))
        #expect(text.contains("failed:\n  ✗ 00-fixtures/01-counter: mutation score \(Int((score.score * 100).rounded(.down)))%, at least 90% wanted\n\nverify: "))
    }

    @Test func anEquivalentMutantWithAReasonDoesNotCount() throws {
        let course = try TemporaryCourse.fixture()
        let yaml = course.root.appendingPathComponent("Exercises/00-fixtures/01-counter/exercise.yml")
        let text = try String(contentsOf: yaml, encoding: .utf8)
        try course.write("Exercises/00-fixtures/01-counter/exercise.yml",
                         text + """
                             equivalent_mutants:
                               L13-relational-1: the statement leaves a step of 0 open
                               L13-integer-literal-1: the statement leaves a step of 0 open

                             """)
        let report = try verifyCounter(course)
        let score = try #require(report.mutation.first)
        #expect(score.survivors.allSatisfy { $0.equivalentBecause == "the statement leaves a step of 0 open" && $0.graded })
        #expect(score.score == 1)
        // Nobody said what they judged: the listing could excuse any mutation of those names.
        let fingerprint = try #require(score.equivalentsToReview)
        #expect(!score.passed && !report.isClean)
        #expect(VerifyTerminalReport(style: TerminalStyle(colors: false)).render(report)
            .contains("write `equivalent_mutants_reviewed: \(fingerprint)` in exercise.yml"))

        // Once written, the listed mutants are not graded again, and the score passes.
        let judged = try String(contentsOf: yaml, encoding: .utf8)
        try course.write("Exercises/00-fixtures/01-counter/exercise.yml", judged + "equivalent_mutants_reviewed: \(fingerprint)\n")
        let again = try verifyCounter(course)
        let reviewed = try #require(again.mutation.first)
        #expect(reviewed.survivors.map(\.name) == ["L13-relational-1", "L13-integer-literal-1"])
        #expect(reviewed.survivors.allSatisfy { !$0.graded }, "neither was built nor graded")
        #expect(reviewed.tried == score.tried && reviewed.caught == score.caught)
        #expect(reviewed.equivalentsToReview == nil && reviewed.passed && again.isClean)

        // Another reference (here one more line at its end) is another judgement to make.
        let reference = course.root.appendingPathComponent("Exercises/00-fixtures/01-counter/Reference/Solution.swift")
        try course.write("Exercises/00-fixtures/01-counter/Reference/Solution.swift",
                         try String(contentsOf: reference, encoding: .utf8) + "\n// counts steps\n")
        let changed = try #require(try verifyCounter(course).mutation.first)
        #expect(changed.survivors.allSatisfy { $0.graded }, "graded again")
        #expect(changed.equivalentsToReview != nil && changed.equivalentsToReview != fingerprint && !changed.passed)
    }

    @Test func anEquivalentNameNoMutantHasIsAProblem() throws {
        let course = try TemporaryCourse.fixture()
        let yaml = course.root.appendingPathComponent("Exercises/00-fixtures/01-counter/exercise.yml")
        let text = try String(contentsOf: yaml, encoding: .utf8)
        try course.write("Exercises/00-fixtures/01-counter/exercise.yml", text + """
                             equivalent_mutants:
                               L13-relational-1: the statement leaves a step of 0 open
                               L13-integer-literal-1: the statement leaves a step of 0 open
                               L99-relational-1: a line the reference no longer has

                             """)
        let report = try verifyCounter(course)
        let score = try #require(report.mutation.first)
        #expect(score.unknownEquivalents == ["L99-relational-1"])
        #expect(score.score == 1 && !score.passed)
        #expect(VerifyTerminalReport(style: TerminalStyle(colors: false)).render(report)
            .contains("equivalent_mutants names L99-relational-1, which is not among the generated mutants"))
    }

    /// Mutants built together in one schema get the verdicts they get built one by one, and
    /// those the schema leaves out (here the getter's only statement, which does not compile
    /// alone) are still built and counted.
    @Test func mutantsBuiltInOneSchemaGetTheVerdictsTheyGetAlone() throws {
        let course = try TemporaryCourse.fixture()
        let workspace = try Workspace.open(root: course.root, executable: GradingHarness.executable,
                                           workDirectory: GradingHarness.workDirectory) { manifest in
            try .verification(["counter"], in: manifest, currentDirectory: course.root)
        }
        let tool = GradingHarness.executable.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("mutate")
        func score(inSchema: Bool) throws -> MutationScore {
            var tester = MutationTester(grader: workspace.grader(.mutation(jobs: 2)), tool: tool,
                                        directory: course.root.appendingPathComponent(".grader/generated-\(inSchema)"),
                                        limit: 100, minimum: 0.9)
            tester.buildsSchemas = inSchema
            return try #require(tester.score(workspace.exercises).first)
        }
        let together = try score(inSchema: true)
        let alone = try score(inSchema: false)
        #expect(together.tried == 10 && alone.tried == 10)
        #expect(alone.builtInSchema == 0)
        #expect(together.builtInSchema >= 7 && together.builtInSchema < 10)
        #expect(together.caught == alone.caught && together.notCompiled == alone.notCompiled)
        #expect(together.notCompiled >= 1)
        #expect(together.survivors.map(\.name) == alone.survivors.map(\.name))
        #expect(together.survivors.map(\.name) == ["L13-relational-1", "L13-integer-literal-1"])
    }

    /// Hand-written mutants built together in one schema get the verdicts they get built one by
    /// one: one that does not compile is still reported as not compiling, and one the schema
    /// cannot hold (a change outside every body, here) is built alone.
    @Test func handWrittenMutantsBuiltInOneSchemaGetTheVerdictsTheyGetAlone() throws {
        let course = try TemporaryCourse.fixture()
        let folder = "Exercises/00-fixtures/01-counter"
        let reference = try String(contentsOf: course.root.appendingPathComponent("\(folder)/Reference/Solution.swift"), encoding: .utf8)
        try course.write("\(folder)/Mutants/forgets-to-save.swift", "// Mutant: never saves the count\n"
            + reference.replacingOccurrences(of: "        UserDefaults.standard.set(count, forKey: \"count\")\n", with: ""))
        try course.write("\(folder)/Mutants/counts-twice.swift", "// Mutant: adds the step twice\n"
            + reference.replacingOccurrences(of: "value() + step", with: "value() + step + step"))
        try course.write("\(folder)/Mutants/does-not-compile.swift", "// Mutant: adds a text to a number\n"
            + reference.replacingOccurrences(of: "value() + step", with: "value() + \"step\""))
        try course.write("\(folder)/Mutants/reads-zero.swift", "// Mutant: always reads zero\n"
            + reference.replacingOccurrences(of: "UserDefaults.standard.integer(forKey: \"count\")", with: "0"))
        // A change outside every body (here a type's declaration): built alone. No case can
        // tell it from the reference, so verify says it passes, both ways.
        try course.write("\(folder)/Mutants/another-error.swift", "// Mutant: has an error it never throws\n"
            + reference.replacingOccurrences(of: "    case negative\n", with: "    case negative\n    case overflow\n"))
        let workspace = try Workspace.open(root: course.root, executable: GradingHarness.executable,
                                           workDirectory: GradingHarness.workDirectory) { manifest in
            try .verification(["counter"], in: manifest, currentDirectory: course.root)
        }
        let schemas = HandMutantSchemas(grader: workspace.grader(.verify(jobs: 2)), tool: workspace.mutateTool,
                                        directory: course.root.appendingPathComponent(".grader/hand-schemas"))
        let exercise = try #require(schemas.applied(to: workspace.exercises).first)
        let inSchema = exercise.mutants.filter { if case .schema = $0.form { true } else { false } }.map(\.name).sorted()
        #expect(inSchema == ["accepts-negative", "counts-twice", "forgets-to-save", "reads-zero"])

        func checks(inSchema: Bool) throws -> [String] {
            try workspace.verify(jobs: 2, mutantSchemas: inSchema).checks
                .filter { $0.check.hasPrefix("mutant") }
                .map { "\($0.check): \($0.passed) \($0.details.contains { $0.hasPrefix("it does not compile") })" }.sorted()
        }
        let together = try checks(inSchema: true)
        #expect(together == (try checks(inSchema: false)))
        #expect(together.count == 6)
        #expect(together.contains("mutant does-not-compile compiles and fails a case: false true"))
        #expect(together.contains("mutant another-error compiles and fails a case: false false"))
        #expect(together.filter { $0.hasSuffix(": true false") }.count == 4)
    }

    /// `mutate` says what it cannot read, with the usage or the argument at fault, and exits
    /// with a status verify does not take for a schema.
    @Test func mutateRefusesArgumentsItCannotRead() throws {
        let course = try TemporaryCourse.fixture()
        let tool = GradingHarness.executable.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("mutate")
        let reference = course.root.appendingPathComponent("Exercises/00-fixtures/01-counter/Reference/Solution.swift").path
        let out = course.root.appendingPathComponent("out").path
        func run(_ arguments: [String]) throws -> (status: Termination?, output: String) {
            let run = try ChildProcess.run(tool.path, arguments, environment: ProcessInfo.processInfo.environment, timeLimit: 60)
            return (run.termination, run.output)
        }
        let bare = try run([])
        #expect(bare.status == .exited(64))
        #expect(bare.output.contains("usage: mutate SOURCE OUTPUT-FOLDER"), "\(bare.output)")
        let noEquals = try run(["--variants", reference, out, "forgets-to-save"])
        #expect(noEquals.status == .exited(64))
        #expect(noEquals.output.contains("mutate: forgets-to-save is not NAME=FILE"), "\(noEquals.output)")
        let unknown = try run(["--schema", reference, out, "L99-relational-1"])
        #expect(unknown.status == .exited(1))
        #expect(unknown.output.contains("mutate: no mutant is named L99-relational-1"), "\(unknown.output)")
        #expect(!FileManager.default.fileExists(atPath: out + "/schema.swift"), "nothing written")
    }
}
