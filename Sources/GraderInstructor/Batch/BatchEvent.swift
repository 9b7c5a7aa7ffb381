import Foundation
import GraderCore

/// What a running batch tells its caller, who renders it (core code never prints).
public enum BatchEvent: Sendable {
    /// Before grading: how many students there are, and how many the journal already has.
    case planned(total: Int, fromJournal: Int)
    /// A student finished and is in the journal.
    case finished(BatchProgress)
    /// Every student is graded; the mutants of the exercises they fail are about to be graded,
    /// to name the known bugs their failures match.
    case matchingKnownBugs(mutants: Int, exercises: Int)
    /// The known bugs are named: how many students have one, the seconds it took, and how many
    /// of the mutants' cases ran (a mutant stops once it can match no student).
    case matchedKnownBugs(students: Int, duration: TimeInterval, casesRun: Int, cases: Int)
}

/// One finished student, with the batch's progress.
public struct BatchProgress: Sendable {
    /// Students finished in this run, and students to grade in this run.
    public var finished: Int
    public var toGrade: Int
    public var report: StudentReport
    /// The remaining students' expected seconds, from this run's pace so far.
    public var remaining: TimeInterval?

    /// `[12/30] 12345 Ana Ruiz: 41/52 points, 38 s, ETA 12 min`
    public var line: String {
        let who = [report.id, report.name].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        var text = "[\(finished)/\(toGrade)] \(who): \(GradebookCSV.format(report.score))/\(report.points) points, \(Int(report.duration.rounded())) s"
        if let remaining, finished < toGrade { text += ", ETA \(Self.duration(remaining))" }
        return text
    }

    static func duration(_ seconds: TimeInterval) -> String {
        seconds < 90 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds / 60).rounded())) min"
    }
}
