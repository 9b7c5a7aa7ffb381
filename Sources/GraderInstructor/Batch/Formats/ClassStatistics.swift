import Foundation
import GraderCore

/// The numbers the class summary draws: computed from the reports alone, so tests check them
/// apart from any HTML.
struct ClassStatistics {
    struct Bin: Equatable {
        /// `0–10%` … `90–100%`.
        var label: String
        var students: Int
    }

    struct Rate: Equatable {
        var label: String
        var passed: Int
        var total: Int
        var share: Double { total > 0 ? Double(passed) / Double(total) : 0 }
    }

    struct ExerciseCases: Equatable {
        var exerciseID: String
        var title: String
        var cases: [Rate]
    }

    struct CommonFailure: Equatable {
        var exerciseID: String
        var title: String
        /// `does not compile`, or `case "name": wrong_value`.
        var failure: String
        var students: Int
        var failing: Int
    }

    /// How many students' failures in one exercise match each known bug (``StudentReport/knownBugs``).
    struct KnownBugCounts: Equatable {
        struct Count: Equatable {
            var name: String
            var summary: String
            var students: Int
        }

        var exerciseID: String
        var title: String
        /// Every known bug at least one student matched, most students first, then by name.
        var bugs: [Count]
        /// Students who did not pass the exercise.
        var failing: Int
    }

    var students: Int
    var averagePercent: Double
    var distribution: [Bin]
    var exercisePassRates: [Rate]
    var casePassRates: [ExerciseCases]
    var commonFailures: [CommonFailure]
    /// Groups of two or more student ids whose learner files are identical, by submission hash.
    var identicalSubmissions: [[String]]
    /// The exercises some student's failures match a known bug of, in the course's order.
    var knownBugs: [KnownBugCounts]
    /// Whether the batch looked for known bugs (not with `--no-known-bugs`).
    var lookedForKnownBugs: Bool

    init(_ reports: [StudentReport]) {
        students = reports.count
        let percents = reports.map { $0.points > 0 ? 100 * $0.score / Double($0.points) : 0 }
        averagePercent = percents.isEmpty ? 0 : percents.reduce(0, +) / Double(percents.count)
        distribution = (0..<10).map { bin in
            let count = percents.filter { min(Int($0 / 10), 9) == bin }.count
            return Bin(label: "\(bin * 10)–\(bin * 10 + 10)%", students: count)
        }
        var order: [String] = []
        var byExercise: [String: [ExerciseResult]] = [:]
        for exercise in reports.flatMap(\.exercises) {
            if byExercise[exercise.id] == nil { order.append(exercise.id) }
            byExercise[exercise.id, default: []].append(exercise)
        }
        exercisePassRates = order.map { id in
            let results = byExercise[id] ?? []
            return Rate(label: results.first?.title ?? id, passed: results.filter { $0.status == .passed }.count, total: results.count)
        }
        casePassRates = order.map { id in
            let results = byExercise[id] ?? []
            var caseOrder: [Int] = []
            var names: [Int: String] = [:]
            var passed: [Int: Int] = [:], total: [Int: Int] = [:]
            for testCase in results.flatMap(\.cases) {
                if names[testCase.index] == nil {
                    caseOrder.append(testCase.index)
                    names[testCase.index] = testCase.name + (testCase.hidden ? " (hidden)" : "")
                }
                total[testCase.index, default: 0] += 1
                if testCase.status == .passed { passed[testCase.index, default: 0] += 1 }
            }
            let rates = caseOrder.sorted().map { Rate(label: names[$0] ?? "case \($0 + 1)", passed: passed[$0] ?? 0, total: total[$0] ?? 0) }
            return ExerciseCases(exerciseID: id, title: results.first?.title ?? id, cases: rates)
        }
        commonFailures = order.compactMap { id in
            let results = byExercise[id] ?? []
            var counts: [String: Int] = [:]
            var first: [String] = []
            for result in results {
                guard let failure = Self.failure(of: result) else { continue }
                if counts[failure] == nil { first.append(failure) }
                counts[failure, default: 0] += 1
            }
            // The most common; among equals, the one met first (in the students' order).
            var top: String?
            for failure in first where top == nil || counts[failure]! > counts[top!]! { top = failure }
            guard let top else { return nil }
            return CommonFailure(exerciseID: id, title: results.first?.title ?? id, failure: top,
                                 students: counts[top] ?? 0, failing: results.filter { $0.status != .passed }.count)
        }
        var hashes: [String] = []
        var idsByHash: [String: [String]] = [:]
        for report in reports {
            if idsByHash[report.submissionHash] == nil { hashes.append(report.submissionHash) }
            idsByHash[report.submissionHash, default: []].append(report.id)
        }
        identicalSubmissions = hashes.compactMap { idsByHash[$0] }.filter { $0.count > 1 }
        lookedForKnownBugs = reports.contains { $0.knownBugs != nil }
        let matches = reports.flatMap { $0.knownBugs ?? [] }
        knownBugs = order.compactMap { id in
            var counts: [String: KnownBugCounts.Count] = [:]
            for bug in matches.filter({ $0.exercise == id }).flatMap(\.mutants) {
                counts[bug.name, default: .init(name: bug.name, summary: bug.summary, students: 0)].students += 1
            }
            guard !counts.isEmpty else { return nil }
            let results = byExercise[id] ?? []
            return KnownBugCounts(exerciseID: id, title: results.first?.title ?? id,
                                  bugs: counts.values.sorted { ($1.students, $0.name) < ($0.students, $1.name) },
                                  failing: results.filter { $0.status != .passed }.count)
        }
    }

    /// What failed first in an exercise, as a value to count: its first failing case (hidden
    /// ones too: the summary is the instructor's) and the kind of failure.
    static func failure(of result: ExerciseResult) -> String? {
        switch result.status {
        case .passed: return nil
        case .compileError: return "does not compile"
        case .courseError where result.cases.isEmpty: return "a problem with the course"
        case .failed, .courseError:
            guard let first = result.cases.first(where: { $0.status == .failed }) else { return nil }
            let kind = first.failure?.kind.rawValue ?? "failed"
            return "case \"\(first.name)\"\(first.hidden ? " (hidden)" : ""): \(kind)"
        }
    }
}
