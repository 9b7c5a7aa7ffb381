import Foundation
import GraderCore

/// One slice of a class, `grader batch --shard K/N`: shard `K` of `N`, counted from 0 as Slurm
/// array tasks (`SLURM_ARRAY_TASK_ID` with `--array=0-3`) and Kubernetes indexed Jobs
/// (`JOB_COMPLETION_INDEX`) count.
///
/// The students are sorted by identifier and dealt out in turn: student `i` of that order goes
/// to shard `i mod N`. The slice depends only on the set of identifiers (not on the order the
/// submissions were named, nor on the machine: identifiers compare by Swift's `String` order,
/// the same everywhere), every student lands in exactly one shard, and shards differ in size by
/// at most one. A hash of each identifier would keep a student's shard when others join, but
/// leaves shards of a small class uneven (or empty); every shard is given the same submissions,
/// and `grader merge` checks that they were, so dealing out is safe.
public struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// From 0 to `count - 1`.
    public var index: Int
    /// How many shards the class is split into (at least 1).
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Reads `K/N` (`0/4`).
    /// - Throws: ``GraderError/io(_:)`` naming what is wrong when `text` is not `K/N` with
    ///   `0 ≤ K < N`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw GraderError.io("--shard \(text): expected K/N, such as 0/4 (shards are counted from 0)")
        }
        guard count >= 1 else { throw GraderError.io("--shard \(text): N must be at least 1") }
        guard (0..<count).contains(index) else {
            throw GraderError.io("--shard \(text): K must be from 0 to \(count - 1) (shards are counted from 0)")
        }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// The folder a shard writes into, inside the batch's `--out`: `shard-0-of-4`.
    public var folderName: String { "shard-\(index)-of-\(count)" }

    /// The identifiers of `ids` that belong to this shard, sorted.
    public func select(_ ids: [String]) -> [String] {
        Set(ids).sorted().enumerated().filter { $0.offset % count == index }.map(\.element)
    }

    /// The submissions of `submissions` that belong to this shard, in the order given.
    public func select(_ submissions: [Submission]) -> [Submission] {
        let mine = Set(select(submissions.map(\.id)))
        return submissions.filter { mine.contains($0.id) }
    }
}
