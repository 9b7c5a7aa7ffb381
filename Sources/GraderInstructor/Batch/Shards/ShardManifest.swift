import Foundation
import GraderCore

/// `shard.json`: what a shard's output folder holds besides the batch's own files, so that
/// `grader merge` can tell which shard it is, of which class and course, and refuse to combine
/// shards that do not belong together. Written last, once the shard's outputs are written: a
/// folder without it is a shard that did not finish.
public struct ShardManifest: Codable, Sendable, Equatable {
    /// A change that breaks readers increments it.
    public var format = 1
    public var shard: Shard
    /// The course's title and fingerprint (every file grading reads but the learner files):
    /// shards graded against different versions of the course are not merged.
    public var course: String
    public var courseHash: String
    /// Every student of the class, sorted: the same in every shard of one batch.
    public var students: [String]
    /// The students this shard graded, sorted.
    public var graded: [String]

    public static let fileName = "shard.json"

    public init(shard: Shard, course: String, courseHash: String, students: [String], graded: [String]) {
        self.shard = shard
        self.course = course
        self.courseHash = courseHash
        self.students = students.sorted()
        self.graded = graded.sorted()
    }

    /// Reads the manifest of the shard folder `folder`.
    /// - Throws: ``GraderError/io(_:)`` naming the file and what is wrong with it.
    public static func read(in folder: URL) throws -> ShardManifest {
        let url = folder.appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw GraderError.io("\(folder.path) is not a finished shard: it has no \(fileName). Run `grader batch … --shard K/N` for it, to the end.")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(ShardManifest.self, from: data)
        } catch {
            throw GraderError.io("\(url.path): \(BatchMerger.describe(error)). Run that shard again.")
        }
    }

    /// Writes the manifest into `folder`, atomically.
    func write(in folder: URL) throws {
        let url = folder.appendingPathComponent(Self.fileName)
        do {
            try JSONReport.render(self).write(to: url, options: .atomic)
        } catch {
            throw GraderError.io("cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
