import ExerciseKit
import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

/// The matching rule on results built in the test, over the fixture course's counter exercise
/// (six cases, the last hidden): what counts as the same failures, and what never matches.
struct KnownBugMatcherTests {
    private static func counter() throws -> Exercise {
        try #require(try ClassFixture.course().exercises.first { $0.id == ClassFixture.counterID })
    }

    private static func failure(_ kind: FailureKind, step: Int, place: String? = nil, actual: String? = nil) -> StepFailure {
        StepFailure(kind: kind, stepIndex: step, step: .call(operation: "value", arguments: nil), steps: [],
                    message: "wrong", mismatch: place.map { Mismatch(path: $0, expected: .int(5), actual: .int(0), summary: "differs") },
                    expected: "5", actual: actual ?? "0", stdout: "", stderr: "")
    }

    private static let relaunchLost = failure(.wrongValue, step: 2)
    private static let acceptsNegative = failure(.missingError, step: 0, actual: "-1")
    private static let silentReport = failure(.wrongOutput, step: 0, actual: "")

    private static func mutant(_ name: String, _ failing: [Int: StepFailure?], hint: String? = nil) -> (mutant: Mutant, result: ExerciseResult) {
        (Mutant(name: name, form: .reference, summary: "does \(name)", hint: hint), ClassFixture.counter(failing: failing))
    }

    private func matcher(_ mutants: [(mutant: Mutant, result: ExerciseResult)], exercise: Exercise? = nil) throws -> KnownBugMatcher {
        KnownBugMatcher(exercise: try exercise ?? Self.counter(), mutants: mutants)
    }

    @Test func theSameFailedCasesFailingTheSameWayMatch() throws {
        let matcher = try matcher([
            Self.mutant("forgets-to-save", [2: Self.relaunchLost, 5: Self.failure(.wrongValue, step: 4)], hint: "Relaunch."),
            Self.mutant("accepts-negative", [3: Self.acceptsNegative]),
        ])
        let student = ClassFixture.counter(failing: [2: Self.relaunchLost, 5: Self.failure(.wrongValue, step: 4)])
        #expect(matcher.bugs(matching: student) == [KnownBug(name: "forgets-to-save", summary: "does forgets-to-save", hint: "Relaunch.")])
        #expect(matcher.bugs(matching: ClassFixture.counter(failing: [3: Self.acceptsNegative])).map(\.name) == ["accepts-negative"])
    }

    @Test func twoMistakesAtOnceMatchNeither() throws {
        let matcher = try matcher([Self.mutant("accepts-negative", [3: Self.acceptsNegative]),
                                   Self.mutant("silent-report", [4: Self.silentReport])])
        let both = ClassFixture.counter(failing: [3: Self.acceptsNegative, 4: Self.silentReport])
        #expect(matcher.bugs(matching: both).isEmpty)
        // One failing case more than the mutant (here the hidden one) is no match either.
        let more = ClassFixture.counter(failing: [3: Self.acceptsNegative, 5: Self.failure(.wrongValue, step: 4)])
        #expect(matcher.bugs(matching: more).isEmpty)
    }

    @Test func anotherKindStepOrPlaceIsAnotherFailure() throws {
        let matcher = try matcher([Self.mutant("forgets-to-save", [2: Self.failure(.wrongValue, step: 2, place: "$")])])
        #expect(matcher.bugs(matching: ClassFixture.counter(failing: [2: Self.failure(.wrongValue, step: 2, place: "$")])).count == 1)
        #expect(matcher.bugs(matching: ClassFixture.counter(failing: [2: Self.failure(.crashed, step: 2)])).isEmpty, "kind")
        #expect(matcher.bugs(matching: ClassFixture.counter(failing: [2: Self.failure(.wrongValue, step: 0, place: "$")])).isEmpty, "step")
        #expect(matcher.bugs(matching: ClassFixture.counter(failing: [2: Self.failure(.wrongValue, step: 2, place: "$.count")])).isEmpty, "place")
    }

    @Test func aPlaceIsItsFieldWhereverInAList() throws {
        // A list in a set's order differs first wherever that run's order puts it.
        let matcher = try matcher([Self.mutant("pets-unsorted", [2: Self.failure(.wrongValue, step: 2, place: "$[0].pets[3]")])])
        #expect(matcher.bugs(matching: ClassFixture.counter(failing: [2: Self.failure(.wrongValue, step: 2, place: "$[0].pets[0]")])).count == 1)
        #expect(matcher.bugs(matching: ClassFixture.counter(failing: [2: Self.failure(.wrongValue, step: 2, place: "$[1].pets[12]")])).count == 1)
        #expect(matcher.bugs(matching: ClassFixture.counter(failing: [2: Self.failure(.wrongValue, step: 2, place: "$[0].cars[3]")])).isEmpty,
                "another field")
        #expect(matcher.bugs(matching: ClassFixture.counter(failing: [2: Self.failure(.wrongValue, step: 2, place: "$[0].pets")])).isEmpty,
                "the list itself (a length) is not an element of it")
        #expect(FailureShape.field(of: #"$["a b"][10].x[2]"#) == #"$["a b"][].x[]"#)
        #expect(FailureShape.field(of: #"$["[3]"]"#) == #"$["[3]"]"#, "a key that looks like a position is a key")
    }

    @Test func randomizedCasesAndExplorationsCompareTheKindAlone() throws {
        var exercise = try Self.counter()
        exercise.cases[2].inputs = InputSpec(seed: 1, count: 20, variables: [])
        exercise.cases[4].exploration = ExplorationSpec(seed: 1, sequences: 8, length: 4, operations: [],
                                                        relaunch: 0.1, kill: 0, container: [])
        let matcher = try matcher([Self.mutant("forgets-to-save", [2: Self.failure(.wrongValue, step: 2, place: "$"),
                                                                   4: Self.failure(.wrongValue, step: 5)])], exercise: exercise)
        // Another input or sequence failed first, at another step: the same bug all the same.
        let student = ClassFixture.counter(failing: [2: Self.failure(.wrongValue, step: 4, place: "$.a"), 4: Self.failure(.wrongValue, step: 1)])
        #expect(matcher.bugs(matching: student).map(\.name) == ["forgets-to-save"])
        let crashed = ClassFixture.counter(failing: [2: Self.failure(.crashed, step: 2), 4: Self.failure(.wrongValue, step: 1)])
        #expect(matcher.bugs(matching: crashed).isEmpty, "another kind is another failure")
    }

    @Test func passesCompileErrorsAndUndetailedFailuresMatchNothing() throws {
        let matcher = try matcher([Self.mutant("passes", [:]), Self.mutant("skipped", [2: nil])])
        #expect(matcher.bugs(matching: ClassFixture.counter()).isEmpty, "a pass is no mistake, even beside a mutant that passes")
        #expect(matcher.bugs(matching: ClassFixture.compileError).isEmpty)
        // Cases skipped at a time budget's end failed without details: nothing to compare.
        #expect(matcher.bugs(matching: ClassFixture.counter(failing: [2: nil])).isEmpty)
        var courseFault = ClassFixture.counter(failing: [2: Self.failure(.driverFault, step: 2)])
        courseFault.status = .courseError
        let faulty = try self.matcher([(Mutant(name: "fault", form: .reference), courseFault)])
        #expect(faulty.bugs(matching: courseFault).isEmpty, "a course problem is not the student's mistake")
    }

    @Test func severalMatchesAreAllNamedUnlessSomeGaveTheVeryAnswers() throws {
        let lostAsZero = Self.failure(.wrongValue, step: 2, place: "$", actual: "0")
        let lostAsOne = Self.failure(.wrongValue, step: 2, place: "$", actual: "1")
        let matcher = try matcher([Self.mutant("b-keeps-in-memory", [2: lostAsZero]), Self.mutant("a-wrong-key", [2: lostAsOne]),
                                   Self.mutant("c-never-saves", [2: lostAsZero])])
        #expect(matcher.bugs(matching: ClassFixture.counter(failing: [2: lostAsZero])).map(\.name) == ["b-keeps-in-memory", "c-never-saves"],
                "the two that answered 0, as the student did")
        let lostAsTwo = Self.failure(.wrongValue, step: 2, place: "$", actual: "2")
        #expect(matcher.bugs(matching: ClassFixture.counter(failing: [2: lostAsTwo])).map(\.name)
                == ["b-keeps-in-memory", "a-wrong-key", "c-never-saves"], "none answered 2: every one that fails alike")
    }
}
