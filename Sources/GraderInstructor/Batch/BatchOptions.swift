import Foundation
import GraderCore

/// How `grader batch` works, fixed when the batch is made.
public struct BatchOptions: Sendable {
    /// The output folder: the journal, the students' folders and every output file.
    public var output: URL
    /// How many builds and cases run at once, over all students.
    public var jobs: Int
    /// Grade every student again, even those the journal has.
    public var force: Bool
    /// Grade these students again (`--student ID`), and take the others from the journal.
    public var regrade: Set<String>
    /// Seconds one student's grading may take; cases not started by then are not run and count
    /// as failed. Nil for no budget.
    public var timeBudget: TimeInterval?
    /// Grade only this slice of the students (`--shard K/N`), and write `shard.json` beside the
    /// outputs for `grader merge`. Nil grades every student.
    public var shard: Shard?
    /// Grade the mutants of the exercises students fail and name in each report the known bugs
    /// its failures match (``KnownBugFinder``); `--no-known-bugs` turns it off.
    public var knownBugs: Bool
    /// Reuse the verdicts of cases whose inputs are all unchanged, from this batch and earlier
    /// runs on this course; `--no-cache` runs every case again (builds are still reused).
    public var reusesVerdicts: Bool

    public init(output: URL, jobs: Int = GraderOptions.defaultJobs, force: Bool = false, regrade: Set<String> = [],
                timeBudget: TimeInterval? = nil, shard: Shard? = nil, knownBugs: Bool = true, reusesVerdicts: Bool = true) {
        self.output = output
        self.jobs = max(1, jobs)
        self.force = force
        self.regrade = regrade
        self.timeBudget = timeBudget
        self.shard = shard
        self.knownBugs = knownBugs
        self.reusesVerdicts = reusesVerdicts
    }
}
