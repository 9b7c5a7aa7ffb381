import Foundation
import GraderCore

/// Names, in each student's report, the known bugs (hand-written mutants) that their failing
/// exercises behave like (`Docs/batch.md`, *Known bugs*).
///
/// The mutants of every exercise that at least one student fails with files of their own are
/// graded once per batch, by the batch's own grader: the same options as the students (the
/// same explorations), and the same caches, so that a mutant is built once by content and its
/// verdicts are reused by the next batch of the same course. A mutant is graded only as far as
/// it may still fail as one of those students did (``StopRule/unlike``): once each of them
/// differs from it at some case, its other cases are not run, since it can match none of them.
/// Each failing exercise is then compared with them by ``KnownBugMatcher``. An exercise whose
/// learner files are the course's starter is never labelled: an untouched starter is not a
/// mistake.
struct KnownBugFinder {
    let grader: Grader
    /// The batch's exercises, in the course's order.
    let exercises: [Exercise]

    /// What the work came to, for the batch's caller.
    struct Outcome: Sendable {
        var reports: [StudentReport]
        /// The mutants graded, and of how many exercises.
        var mutants: Int
        var exercises: Int
        /// The students with at least one known bug named.
        var students: Int
        /// The mutants' cases run, of all their cases: the others could not change a match.
        var casesRun: Int = 0
        var cases: Int = 0
    }

    /// `reports` with ``StudentReport/knownBugs`` set (empty where nothing matched).
    /// - Parameters:
    ///   - files: the folder holding a student's learner files, one subfolder per exercise id
    ///     (`students/ID/files/`), by the student's id.
    ///   - starting: told how many mutants of how many exercises are about to be graded.
    /// - Throws: ``GraderError`` when the grader cannot build or run at all.
    func label(_ reports: [StudentReport], files: (String) -> URL,
               starting: (_ mutants: Int, _ exercises: Int) -> Void = { _, _ in }) throws -> Outcome {
        // Which (student, exercise) pairs to compare: failed, with mutants, not the starter.
        var candidates: [[String]] = []
        for report in reports {
            let folder = files(report.id)
            candidates.append(report.exercises.compactMap { result in
                guard result.status == .failed, let exercise = exercise(result.id), !exercise.mutants.isEmpty,
                      !Self.isStarter(exercise, in: folder.appendingPathComponent(exercise.id)) else { return nil }
                return exercise.id
            })
        }
        // How the students failed each exercise, the ways a mutant may turn out like one of them
        // (a result with a failed case that has nothing to compare matches nothing: left out).
        var patterns: [String: Set<[Int: FailureShape]>] = [:]
        for (report, ids) in zip(reports, candidates) {
            for result in report.exercises where ids.contains(result.id) {
                guard let exercise = exercise(result.id),
                      let failures = KnownBugMatcher.failures(of: result, exercise: exercise) else { continue }
                patterns[exercise.id, default: []].insert(failures)
            }
        }
        let needed = exercises.filter { patterns[$0.id] != nil }
        // Every mutant of every exercise needed, in one run on the pool, each only as far as it
        // may still match a student.
        let mutants = needed.flatMap { exercise in exercise.mutants.map { (exercise: exercise, mutant: $0) } }
        if !mutants.isEmpty { starting(mutants.count, needed.count) }
        let results = try grader.grade(mutants.map { pair in
            Grader.Job(exercise: pair.exercise, variant: .mutant(pair.mutant.name),
                       stopRule: StopRule(unlike: Array(patterns[pair.exercise.id] ?? [])))
        })
        var graded: [String: [(mutant: Mutant, result: ExerciseResult)]] = [:]
        for (pair, result) in zip(mutants, results) {
            graded[pair.exercise.id, default: []].append((pair.mutant, result))
        }
        var matchers: [String: KnownBugMatcher] = [:]
        for exercise in needed {
            matchers[exercise.id] = KnownBugMatcher(exercise: exercise, mutants: graded[exercise.id] ?? [])
        }

        var labelled: [StudentReport] = []
        for (report, ids) in zip(reports, candidates) {
            var report = report
            report.knownBugs = report.exercises.compactMap { result in
                guard ids.contains(result.id), let bugs = matchers[result.id]?.bugs(matching: result), !bugs.isEmpty else { return nil }
                return KnownBugMatch(exercise: result.id, mutants: bugs)
            }
            labelled.append(report)
        }
        let cases = results.flatMap(\.cases)
        return Outcome(reports: labelled, mutants: mutants.count, exercises: needed.count,
                       students: labelled.filter { $0.knownBugs?.isEmpty == false }.count,
                       casesRun: cases.filter { $0.status == .passed || $0.failure != nil }.count,
                       cases: mutants.reduce(0) { $0 + $1.exercise.cases.count })
    }

    private func exercise(_ id: String) -> Exercise? {
        exercises.first { $0.id == id }
    }

    /// Whether every learner file in `folder` is the exercise's starter (or missing: nothing to judge).
    static func isStarter(_ exercise: Exercise, in folder: URL) -> Bool {
        zip(exercise.learnerFiles, exercise.learnerSources).allSatisfy { name, starter in
            guard let submitted = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { return true }
            return submitted == FileManager.default.contents(atPath: starter.path)
        }
    }
}
