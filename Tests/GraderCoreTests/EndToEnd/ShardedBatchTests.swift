import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

/// Runs the real `grader batch --shard` and `grader merge` on a class made from the fixture
/// course: the merged folder is the unsharded batch's, and shards that do not make one batch are
/// refused.
@Suite(.serialized)
struct ShardedBatchTests {
    typealias Output = GraderProcess.Output

    private func run(_ arguments: [String], in course: TemporaryCourse) throws -> Output {
        try GraderProcess.run(arguments, in: course.root)
    }

    /// Five students; with two shards, ana and her duplicate fay land in different shards.
    private func makeClass(_ fixture: FixtureClass) throws -> [String] {
        let passes = try Fixtures.submission("passes")
        try fixture.folder("class/ana", ["01-counter/Solution.swift": passes])
        try fixture.folder("class/ben", ["01-counter/Solution.swift": try Fixtures.submission("wrong-value")])
        try fixture.zip("class/carla.zip", [("01-counter/Solution.swift", try Fixtures.submission("compile-error"))])
        try fixture.folder("class/fay", ["01-counter/Solution.swift": passes])
        try fixture.courseCopy("class/gus")
        try fixture.folder(".", ["roster.csv": "id,name\nana,Ana Ruiz\n99999,Kim Absent\n"])
        return ["ana", "ben", "carla.zip", "fay", "gus"].map { fixture.url("class/\($0)").path }
    }

    @Test func mergedShardsWriteWhatOneBatchWrites() throws {
        let course = try TemporaryCourse.fixture()
        let fixture = try FixtureClass()
        let submissions = try makeClass(fixture)
        let roster = ["--roster", fixture.url("roster.csv").path]
        let one = try run(["batch"] + submissions + roster + ["--out", fixture.url("one").path], in: course)
        #expect(one.status == 0, "\(one.stderr)")
        // Each shard names the submissions in another order: the slice must not change.
        for (index, order) in [submissions, submissions.reversed()].enumerated() {
            let shard = try run(["batch"] + order + roster + ["--out", fixture.url("sharded").path, "--shard", "\(index)/2"], in: course)
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        let shard0 = try ShardManifest.read(in: fixture.url("sharded/shard-0-of-2"))
        let shard1 = try ShardManifest.read(in: fixture.url("sharded/shard-1-of-2"))
        #expect(shard0.graded == ["ana", "carla", "gus"] && shard1.graded == ["ben", "fay"])
        #expect(shard0.students == ["ana", "ben", "carla", "fay", "gus"] && shard0.students == shard1.students)

        let merge = try run(["merge", fixture.url("sharded/shard-0-of-2").path, fixture.url("sharded/shard-1-of-2").path,
                             "--out", fixture.url("merged").path], in: course)
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.hasPrefix("5 students from 2 shards"))

        let expected = Self.files(fixture.url("one"))
        let merged = Self.files(fixture.url("merged"))
        #expect(merged.keys.sorted() == expected.keys.sorted(), "the same files")
        for (path, data) in expected {
            #expect(merged[path].map(Self.withoutPerRunFields) == Self.withoutPerRunFields(data), "\(path)")
        }
        let report = try String(contentsOf: fixture.url("merged/report.json"), encoding: .utf8)
        #expect(report.contains("identical to the submission of ana"), "a duplicate across shards is still found")
        #expect(report.contains("\"id\" : \"99999\""), "the roster's missing student is listed once")
        #expect(merged["gradebook.csv"] == expected["gradebook.csv"], "the gradebook has no per-run field: byte for byte")

        // The merged folder is a batch's folder: run on it, the batch takes everyone from its journal.
        let again = try run(["batch"] + submissions + roster + ["--out", fixture.url("merged").path], in: course)
        #expect(again.stderr.contains("grading 0 of 5 students (5 already graded in the journal)"), "\(again.stderr)")
    }

    @Test func shardsThatDoNotMakeOneBatchAreRefused() throws {
        let course = try TemporaryCourse.fixture()
        let fixture = try FixtureClass()
        let submissions = try makeClass(fixture)
        func shard(_ k: Int, of n: Int, into out: String, _ names: [String] = submissions) throws -> URL {
            let run = try run(["batch"] + names + ["--out", fixture.url(out).path, "--shard", "\(k)/\(n)"], in: course)
            #expect(run.status == 0, "\(run.stderr)")
            return fixture.url("\(out)/shard-\(k)-of-\(n)")
        }
        func merge(_ folders: [URL]) throws -> Output {
            let out = fixture.url("merged-\(UUID().uuidString)")
            let merged = try run(["merge"] + folders.map(\.path) + ["--out", out.path], in: course)
            #expect(!FileManager.default.fileExists(atPath: out.path), "a refused merge writes nothing")
            return merged
        }
        let a0 = try shard(0, of: 2, into: "a")
        let a1 = try shard(1, of: 2, into: "a")
        let b1of3 = try shard(1, of: 3, into: "b")
        let other1 = try shard(1, of: 2, into: "other", Array(submissions.dropLast()))

        let missing = try merge([a0])
        #expect(missing.status == 2 && missing.stderr.contains("shard 1/2 is missing"), "\(missing.stderr)")
        let twice = try merge([a0, a1, a1])
        #expect(twice.status == 2 && twice.stderr.contains("are both shard 1/2"), "\(twice.stderr)")
        let split = try merge([a0, b1of3])
        #expect(split.status == 2 && split.stderr.contains("different splits"), "\(split.stderr)")
        let classes = try merge([a0, other1])
        #expect(classes.status == 2 && classes.stderr.contains("different classes"), "\(classes.stderr)")
        let notShard = try merge([a0, fixture.url("class/ana")])
        #expect(notShard.status == 2 && notShard.stderr.contains("has no shard.json"), "\(notShard.stderr)")

        // A shard graded after the course changed (one more file in an exercise's folder).
        try course.write("Exercises/00-fixtures/01-counter/NOTES.md", "a note the instructor added\n")
        let changed1 = try shard(1, of: 2, into: "changed")
        let versions = try merge([a0, changed1])
        #expect(versions.status == 2 && versions.stderr.contains("different versions of the course"), "\(versions.stderr)")
        let stale = try merge([a0, a1])
        #expect(stale.status == 2 && stale.stderr.contains("another version of this course"), "\(stale.stderr)")
    }

    /// Every file of a batch's folder but its journal, by relative path.
    private static func files(_ folder: URL) -> [String: Data] {
        var files = FixtureClass.treeDigest(folder)
        files["journal.sqlite"] = nil
        return files
    }

    /// The file with the fields `Docs/batch.md` lists as measured per run blanked.
    static func withoutPerRunFields(_ data: Data) -> String {
        var text = String(decoding: data, as: UTF8.self)
        for (pattern, template) in [(#""(generated_at|graded_at|duration|execution_time|cached)" : [^,\n]*"#, #""$1" : -"#),
                                    (#" (timestamp|time)="[^"]*""#, #" $1="-""#)] {
            text = text.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
        }
        return text
    }
}
