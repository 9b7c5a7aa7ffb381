import Foundation

/// How a ``Grader`` works, fixed when it is made.
public struct GraderOptions: Sendable, Hashable {
    /// How many builds and runs go at once. Runs mostly wait on processes, so the default is
    /// twice the number of cores (measured in `Benchmarks/README.md`).
    public var jobs: Int
    /// Reuse the verdicts of cases whose inputs are all unchanged (`check` does; `--no-cache`
    /// and `verify` do not).
    public var reusesResults: Bool
    /// Shrink a failing generated input to a simpler one (`check` does; `verify` shows only
    /// which cases failed, so it does not pay for up to ``GeneratedCaseRunner/shrinkBudget``
    /// more runs per failure).
    public var shrinksFailures: Bool
    /// Run only this sequence (1-based) of each exploration: `check --sequence N` replays one.
    public var explorationSequence: Int?
    /// Explore with this seed instead of each exploration's own (`check --seed`): other
    /// sequences than those the course grades with, for a learner who wants to look further.
    public var explorationSeed: UInt64?
    /// Once one case of a job fails, its other cases are not run (and count as failed): a
    /// mutant needs only one case to catch it.
    public var stopsAtFirstFailure = false

    public init(jobs: Int = GraderOptions.defaultJobs, reusesResults: Bool = false, shrinksFailures: Bool = true,
                explorationSequence: Int? = nil) {
        self.jobs = max(1, jobs)
        self.reusesResults = reusesResults
        self.shrinksFailures = shrinksFailures
        self.explorationSequence = explorationSequence
    }

    public static var defaultJobs: Int { 2 * ProcessInfo.processInfo.activeProcessorCount }

    /// What `grader check` uses: verdicts reused unless `noCache`.
    public static func check(jobs: Int = defaultJobs, noCache: Bool = false, sequence: Int? = nil, seed: UInt64? = nil) -> GraderOptions {
        var options = GraderOptions(jobs: jobs, reusesResults: !noCache, shrinksFailures: true, explorationSequence: sequence)
        options.explorationSeed = seed
        return options
    }

    /// Whether results graded with these options are the course's verdicts: not when only one
    /// sequence of an exploration was replayed, nor with another seed than the course's.
    public var givesTheCoursesVerdict: Bool { explorationSequence == nil && explorationSeed == nil }

    /// What `grader batch` uses: the verdicts of identical binaries reused across students
    /// (unless `noCache`), failing inputs shrunk for the feedback. It explores the sequences
    /// `check` and `verify` do, so a student's check and the instructor's grade agree.
    public static func batch(jobs: Int = defaultJobs, noCache: Bool = false) -> GraderOptions {
        GraderOptions(jobs: jobs, reusesResults: !noCache, shrinksFailures: true)
    }

    /// What `grader verify --mutants` uses for generated mutants: `verify`'s, except that a
    /// mutant's remaining cases are skipped once one fails.
    public static func mutation(jobs: Int = defaultJobs) -> GraderOptions {
        var options = verify(jobs: jobs)
        options.stopsAtFirstFailure = true
        return options
    }

    /// What `grader verify` uses: everything runs again and failing inputs are not shrunk.
    public static func verify(jobs: Int = defaultJobs) -> GraderOptions {
        GraderOptions(jobs: jobs, reusesResults: false, shrinksFailures: false)
    }
}
