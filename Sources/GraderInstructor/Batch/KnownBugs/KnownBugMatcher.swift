import Foundation
import GraderCore

/// Tells which of an exercise's hand-written mutants a student's graded exercise behaves like.
///
/// The rule never claims a likeness it cannot see in the results. A student's exercise matches
/// a mutant when both compiled and failed (a compile error, a pass or a course problem matches
/// nothing), and they failed **exactly the same cases**, hidden ones included, each the same
/// way as ``FailureShape`` compares them: a written case, the same kind of failure (`wrong_value`,
/// `crashed`…) at the same step, and for a wrong value the first difference in the same field;
/// a crash case, the same kind at the same step; a randomized case or the exploration, the same
/// kind.
///
/// One failing case more or less, as when a student makes two mutants' mistakes at once, and
/// neither is named. A failed case without details (not run, at a time budget's end) matches
/// nothing. When several mutants match, they fail alike in every case: all are named, and if
/// some of them also gave the student's very answers (the same `actual` at every failed case),
/// only those.
struct KnownBugMatcher: Sendable {
    let exercise: Exercise
    /// The exercise's mutants, each with its result graded as the students' were.
    let mutants: [(mutant: Mutant, result: ExerciseResult)]

    /// The mutants `result` behaves like, closest first; empty when none does.
    func bugs(matching result: ExerciseResult) -> [KnownBug] {
        guard let failures = failures(of: result) else { return [] }
        let alike = mutants.filter { self.failures(of: $0.result) == failures }
        let sameAnswers = alike.filter { Self.sameAnswers($0.result, result) }
        return (sameAnswers.isEmpty ? alike : sameAnswers).map { KnownBug($0.mutant) }
    }

    /// The failed cases of `result` by index, each as the rule compares it; nil when `result`
    /// cannot match anything: it did not compile or fail, it is not of this exercise's cases, or
    /// a failed case has no details.
    func failures(of result: ExerciseResult) -> [Int: FailureShape]? {
        Self.failures(of: result, exercise: exercise)
    }

    /// ``failures(of:)`` of a result of `exercise`.
    static func failures(of result: ExerciseResult, exercise: Exercise) -> [Int: FailureShape]? {
        guard result.status == .failed, result.id == exercise.id,
              result.cases.map(\.index) == exercise.cases.map(\.index) else { return nil }
        var failures: [Int: FailureShape] = [:]
        for (testCase, definition) in zip(result.cases, exercise.cases) where testCase.status == .failed {
            guard let failure = testCase.failure else { return nil }
            failures[testCase.index] = FailureShape(failure, of: definition)
        }
        return failures.isEmpty ? nil : failures
    }

    /// Whether two results gave the same answer at every failed case.
    private static func sameAnswers(_ one: ExerciseResult, _ other: ExerciseResult) -> Bool {
        zip(one.cases, other.cases).allSatisfy { first, second in
            first.status == .passed || first.failure?.actual == second.failure?.actual
        }
    }
}
