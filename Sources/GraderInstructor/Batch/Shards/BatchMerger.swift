import Foundation
import GraderCore

/// `grader merge`: combines the output folders of a batch's shards into what one batch of the
/// whole class writes.
///
/// Nothing is concatenated: each shard's students are read back from its `report.json` (the
/// same JSON the journal keeps, read back losslessly), the class's notes that span shards
/// (identical submissions) are worked out again, and every output is rendered afresh by the
/// batch's own ``BatchOutput``s, so the merged files are those one batch would write but for
/// what each run measures (timings, `cached`, `generated_at`; `Docs/batch.md` lists them).
/// The merged folder also gets a journal of every student and their files, so a later
/// `grader batch --out` on it regrades one late student without grading the others again.
public struct BatchMerger: Sendable {
    /// A batch of the whole class writing into the merged folder: its outputs, its course's
    /// fingerprint and starters, its journal.
    let batch: BatchGrader

    init(batch: BatchGrader) {
        self.batch = batch
    }

    /// One shard's folder, read.
    struct ShardOutput {
        var folder: URL
        var manifest: ShardManifest
        var report: BatchReport
    }

    /// Merges the shard folders `folders` into the batch's output folder.
    /// - Returns: the merged report.
    /// - Throws: ``GraderError/io(_:)`` when a folder is not a finished shard, when the shards
    ///   were graded against different course versions (or another version than this course),
    ///   for different classes, overlap, or leave a shard out; nothing is written then.
    public func merge(_ folders: [URL]) throws -> BatchReport {
        let shards = try folders.map(read)
        try check(shards, courseHash: try batch.courseFingerprint())
        let output = batch.options.output
        let reports = shards.flatMap { $0.report.students.map(\.report) }
        let first = shards[0].report
        var report = BatchReport(course: batch.courseTitle, exercises: batch.exercises,
                                 students: BatchGrader.markingDuplicates(reports, starters: batch.starterHash()),
                                 missing: first.missing, skipped: first.skipped)
        var unenforced: [UnenforcedLimit] = []
        for limit in shards.flatMap({ $0.report.unenforcedLimits ?? [] }) where !unenforced.contains(limit) { unenforced.append(limit) }
        report.unenforcedLimits = unenforced
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw GraderError.io("cannot create the output folder \(output.path): \(error.localizedDescription)")
        }
        let journal = try BatchJournal(url: output.appendingPathComponent("journal.sqlite"))
        for shard in shards {
            for student in shard.report.students {
                try copyFiles(of: student.report.id, from: shard.folder)
                try journal.record(student.report, courseHash: shard.manifest.courseHash)
            }
        }
        try BatchOutputs.write(report, outputs: batch.outputs, to: output)
        return report
    }

    func read(_ folder: URL) throws -> ShardOutput {
        let manifest = try ShardManifest.read(in: folder)
        let url = folder.appendingPathComponent("report.json")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw GraderError.io("\(folder.path) has a \(ShardManifest.fileName) but no report.json. Run shard \(manifest.shard) again.")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return ShardOutput(folder: folder, manifest: manifest, report: try decoder.decode(BatchReport.self, from: data))
        } catch {
            throw GraderError.io("\(url.path): \(Self.describe(error)). Run shard \(manifest.shard) again.")
        }
    }

    /// Refuses shards that do not make one whole batch of this course, naming the folders.
    func check(_ shards: [ShardOutput], courseHash: String) throws {
        guard let first = shards.first else { throw GraderError.io("grader merge needs the shards' folders") }
        for shard in shards {
            if shard.manifest.courseHash != first.manifest.courseHash {
                throw GraderError.io("\(first.folder.path) and \(shard.folder.path) were graded against different versions of the course: grade every shard with the same course")
            }
            if shard.manifest.shard.count != first.manifest.shard.count {
                throw GraderError.io("\(first.folder.path) is shard \(first.manifest.shard) and \(shard.folder.path) is shard \(shard.manifest.shard): they come from different splits of the class")
            }
            if shard.manifest.students != first.manifest.students {
                throw GraderError.io("\(first.folder.path) and \(shard.folder.path) were given different classes (different submissions): give every shard the same submissions")
            }
            if shard.report.students.map(\.report.id).sorted() != shard.manifest.graded {
                throw GraderError.io("\(shard.folder.path): report.json's students are not those its \(ShardManifest.fileName) lists. Run shard \(shard.manifest.shard) again.")
            }
        }
        if first.manifest.courseHash != courseHash {
            throw GraderError.io("the shards were graded against another version of this course (\(first.folder.path)): merge with the course they were graded with, or grade them again")
        }
        var seen: [Int: URL] = [:]
        for shard in shards {
            if let other = seen[shard.manifest.shard.index] {
                throw GraderError.io("\(other.path) and \(shard.folder.path) are both shard \(shard.manifest.shard): give each shard once")
            }
            seen[shard.manifest.shard.index] = shard.folder
        }
        var owner: [String: URL] = [:]
        for shard in shards {
            for id in shard.manifest.graded {
                if let other = owner[id] {
                    throw GraderError.io("student \(id) is in both \(other.path) and \(shard.folder.path): the shards overlap")
                }
                owner[id] = shard.folder
            }
        }
        let count = first.manifest.shard.count
        let absent = (0..<count).filter { seen[$0] == nil }
        if !absent.isEmpty {
            let names = absent.map { "\(Shard(index: $0, count: count))" }.joined(separator: ", ")
            throw GraderError.io("shard\(absent.count == 1 ? "" : "s") \(names) \(absent.count == 1 ? "is" : "are") missing: run `grader batch … --shard K/N` for \(absent.count == 1 ? "it" : "them") and name every shard's folder")
        }
        let ungraded = first.manifest.students.filter { owner[$0] == nil }
        if !ungraded.isEmpty {
            throw GraderError.io("no shard graded \(ungraded.joined(separator: ", ")): run those shards again")
        }
    }

    /// Copies `students/ID/` of a shard into the merged folder, replacing an older copy.
    func copyFiles(of id: String, from folder: URL) throws {
        let target = batch.folder(of: id)
        let name = target.lastPathComponent
        let source = folder.appendingPathComponent("students").appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: source.path) else { return }
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
            try FileManager.default.copyItem(at: source, to: target)
        } catch {
            throw GraderError.io("cannot copy \(source.path) to \(target.path): \(error.localizedDescription)")
        }
    }

    /// A decoding error as a sentence naming the field (`students[2].exercises: …`).
    static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return error.localizedDescription }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return keys.isEmpty ? "" : "field \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys): "
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context))the field \(key.stringValue) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return path(context) + context.debugDescription
        case .dataCorrupted(let context): return path(context) + context.debugDescription
        @unknown default: return "\(error)"
        }
    }
}
