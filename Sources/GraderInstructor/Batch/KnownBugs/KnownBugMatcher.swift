import Foundation
import GraderCore

/// Tells which of an exercise's hand-written mutants a student's graded exercise behaves like.
///
/// The rule never claims a likeness it cannot see in the results. A student's exercise matches
/// a mutant when both compiled and failed (a compile error, a pass or a course problem matches
/// nothing), and they failed **exactly the same cases**, hidden ones included, each the same
/// way:
///
/// - a written case: the same kind of failure (`wrong_value`, `crashed`…) at the same step, and
///   for a wrong value the first difference at the same place (`$.model`);
/// - a crash case (`kill_during`): the same kind at the same step (what a kill tore depends on
///   when it came);
/// - a randomized case or the exploration: the same kind (which input or sequence fails first,
///   and where once shrunk, can differ between two programs with the same bug).
///
/// One failing case more or less, as when a student makes two mutants' mistakes at once, and
/// neither is named. A failed case without details (not run, at a time budget's end) matches
/// nothing. When several mutants match, they fail alike in every case: all are named, and if
/// some of them also gave the student's very answers (the same `actual` at every failed case),
/// only those.
struct KnownBugMatcher: Sendable {
    /// How one failed case failed, as far as the rule compares it.
    struct Failure: Hashable, Sendable {
        var kind: FailureKind
        /// The failing step's index; nil where the rule compares the kind alone.
        var step: Int?
        /// Where a wrong value first differs (`$.cars[1].model`); nil where none or not compared.
        var place: String?
    }

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
    func failures(of result: ExerciseResult) -> [Int: Failure]? {
        guard result.status == .failed, result.id == exercise.id,
              result.cases.map(\.index) == exercise.cases.map(\.index) else { return nil }
        var failures: [Int: Failure] = [:]
        for (testCase, definition) in zip(result.cases, exercise.cases) where testCase.status == .failed {
            guard let failure = testCase.failure else { return nil }
            switch definition.kind {
            case .generated, .explored:
                failures[testCase.index] = Failure(kind: failure.kind)
            case .crash:
                failures[testCase.index] = Failure(kind: failure.kind, step: failure.stepIndex)
            case .plain:
                failures[testCase.index] = Failure(kind: failure.kind, step: failure.stepIndex, place: failure.mismatch?.path)
            }
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
