import Foundation

/// `grader verify --compare-launches`: every job verify grades (reference, starter, mutants) is
/// graded a second time with its launches started the other way (exec'd where they were forked),
/// and each exercise gets a check that both gave the same verdicts: both compiled, and each case
/// that ran both ways got the same status and the same kind of failure. A case whose verdict
/// differs is graded again both ways: one that varies between runs of the same way depends on
/// timing (a kill at a random moment), is named, and is not counted as a difference. (A hashing
/// order does not vary: each launch's seed is the grader's, ``LaunchSeeds``.)
struct LaunchComparison {
    /// The grader verify grades with.
    let grader: Grader
    /// The grader whose launches start the other way.
    let other: Grader
    /// How ``other`` launches, for the check's name.
    let mode: LaunchMode
    /// How many more times a case whose verdicts differ is graded each way, at most, to tell a
    /// difference of the launches from a case whose verdict varies from run to run. A case a
    /// mutant passes one run in five (a kill at a random moment that seldom lands inside its
    /// commit) looks the same
    /// in every run of each way with probability 2 × (0.8 × 0.2)ⁿ⁺¹: 0.8% after 2 rechecks, which
    /// a CI run met; under one in 100,000 after 6.
    var rechecks = 6

    /// One check per exercise of `jobs`, comparing `results` with ``other``'s.
    func checks(_ jobs: [Grader.Job], results: [ExerciseResult]) throws -> [VerifyCheck] {
        let others = try other.grade(zip(jobs, results).map(Self.failuresFirst))
        var byExercise: [(id: String, differences: [String], varying: [String], files: Int)] = []
        for (job, (result, otherResult)) in zip(jobs, zip(results, others)) {
            let name = Self.describe(job.variant)
            var differences: [String] = []
            var varying: [String] = []
            if result.status != otherResult.status, result.status == .compileError || otherResult.status == .compileError {
                differences.append("\(name): \(result.status.rawValue) against \(otherResult.status.rawValue)")
            }
            let differing = Self.differingCases(result, otherResult)
            if !differing.isEmpty {
                let (stable, unstable) = try recheck(job, cases: differing, first: result, second: otherResult)
                differences += stable.map { "\(name): \($0)" }
                varying += unstable.map { "\(name): case \"\($0)\"" }
            }
            if let last = byExercise.last, last.id == job.exercise.id {
                byExercise[byExercise.count - 1].differences += differences
                byExercise[byExercise.count - 1].varying += varying
                byExercise[byExercise.count - 1].files += 1
            } else {
                byExercise.append((job.exercise.id, differences, varying, 1))
            }
        }
        return byExercise.map { entry in
            var details = entry.differences
            if details.isEmpty { details.append("\(entry.files) files, every case the same") }
            if !entry.varying.isEmpty {
                details.append("verdicts that vary from run to run either way (a kill at a random moment, a Set's order), not compared: " + entry.varying.joined(separator: "; "))
            }
            return VerifyCheck(exercise: entry.id, check: "launches \(mode == .exec ? "exec'd" : "forked") give the same verdicts",
                               passed: entry.differences.isEmpty, details: details)
        }
    }

    /// `job` to grade the other way: a job that stops once it has shown enough (a mutant) starts
    /// with the cases it failed the first way. The ones it failed then decide its verdict, so
    /// they are the ones compared; the cases it passed before failing them, which ran the
    /// first way only as the pool's order had it, are not run again.
    static func failuresFirst(_ job: Grader.Job, _ result: ExerciseResult) -> Grader.Job {
        guard var rule = job.stopRule else { return job }
        rule.first = result.cases.filter { $0.failure != nil }.map(\.name)
        var other = job
        other.stopRule = rule
        return other
    }

    /// Grades the differing cases ``rechecks`` more times each way: a case whose verdicts agree
    /// within each way and differ between them is a difference (described); one whose verdicts
    /// vary within a way depends on timing or on a hashing order (named).
    private func recheck(_ job: Grader.Job, cases: [String], first: ExerciseResult, second: ExerciseResult) throws
        -> (differences: [String], varying: [String])
    {
        var only = job
        only.exercise.cases = job.exercise.cases.filter { cases.contains($0.name) }
        only.stopRule = nil
        var firsts = [first]
        var seconds = [second]
        func verdicts(_ name: String, in results: [ExerciseResult]) -> Set<String> {
            Set(results.compactMap { $0.cases.first { $0.name == name } }.filter(Self.ran).map(Self.key))
        }
        func varies(_ name: String) -> Bool { verdicts(name, in: firsts).count > 1 || verdicts(name, in: seconds).count > 1 }
        // Until every differing case has shown that it varies, or the rechecks run out.
        for _ in 0..<rechecks where !cases.allSatisfy(varies) {
            firsts += try grader.grade([only])
            seconds += try other.grade([only])
        }
        var differences: [String] = []
        var varying: [String] = []
        for name in cases {
            let one = firsts.compactMap { $0.cases.first { $0.name == name } }.filter(Self.ran)
            let two = seconds.compactMap { $0.cases.first { $0.name == name } }.filter(Self.ran)
            let oneVerdicts = verdicts(name, in: firsts)
            let twoVerdicts = verdicts(name, in: seconds)
            if varies(name) {
                varying.append(name)
            } else if let a = one.first, let b = two.first, oneVerdicts != twoVerdicts {
                differences.append("case \"\(name)\": \(Self.verdict(a)) against \(Self.verdict(b)), in every run")
            }
        }
        return (differences, varying)
    }

    private static func key(_ result: CaseResult) -> String {
        "\(result.status.rawValue) \(result.failure?.kind.rawValue ?? "")"
    }

    /// The cases whose status or kind of failure differs between two results of the same file,
    /// among the cases both ran (a mutant's cases stop once it is caught,
    /// and which ran first depends on the machine).
    static func differingCases(_ first: ExerciseResult, _ second: ExerciseResult) -> [String] {
        let seconds = Dictionary(second.cases.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return first.cases.filter { one in
            guard ran(one), let other = seconds[one.name], ran(other) else { return false }
            return key(one) != key(other)
        }.map(\.name)
    }

    /// Whether the case ran: one left out by a stop rule is failed, with no failure and no time.
    private static func ran(_ result: CaseResult) -> Bool {
        !(result.status == .failed && result.failure == nil && result.duration == 0)
    }

    private static func verdict(_ result: CaseResult) -> String {
        guard let failure = result.failure else { return result.status.rawValue }
        return "\(result.status.rawValue) (\(failure.kind.rawValue): \(failure.message.prefix(120)))"
    }

    private static func describe(_ variant: SourceVariant) -> String {
        switch variant {
        case .reference: return "reference"
        case .learner: return "starter"
        case .submitted: return "submission"
        case .mutant(let name): return "mutant \(name)"
        }
    }
}
