import Foundation
import GraderCore

extension Workspace {
    /// A batch over the scope's exercises, graded with ``GraderOptions/batch(jobs:)`` (builds
    /// and verdicts of identical binaries reused, explorations as thorough as `verify`'s), into
    /// `options.output`.
    public func batch(_ options: BatchOptions) -> BatchGrader {
        BatchGrader(grader: grader(.batch(jobs: options.jobs, noCache: !options.reusesVerdicts)), exercises: exercises, courseTitle: course.title,
                    options: options, outputs: BatchOutputs.standard(course: course))
    }

    /// Merges the output folders of a batch's shards (`grader batch --shard`) into `output`, as
    /// one batch of the whole class over this course writes it.
    public func merger(output: URL) -> BatchMerger {
        BatchMerger(batch: batch(BatchOptions(output: output)))
    }
}
