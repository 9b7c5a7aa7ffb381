import Foundation
import GraderCore

extension BatchGrader {
    /// `reports` with the known bugs their failures match, worked out again for every student of
    /// the batch, those from the journal too (mutant verdicts come from the cache when nothing
    /// changed); without them (``StudentReport/knownBugs`` nil) when the options say not to look.
    func namingKnownBugs(_ reports: [StudentReport], events: @Sendable (BatchEvent) -> Void) throws -> [StudentReport] {
        guard options.knownBugs else {
            return reports.map { report in
                var report = report
                report.knownBugs = nil
                return report
            }
        }
        let started = Date()
        let outcome = try KnownBugFinder(grader: grader, exercises: exercises)
            .label(reports, files: { self.folder(of: $0).appendingPathComponent("files") }) { mutants, exercises in
                events(.matchingKnownBugs(mutants: mutants, exercises: exercises))
            }
        if outcome.mutants > 0 {
            events(.matchedKnownBugs(students: outcome.students, duration: Date().timeIntervalSince(started),
                                     casesRun: outcome.casesRun, cases: outcome.cases))
        }
        return outcome.reports
    }
}
