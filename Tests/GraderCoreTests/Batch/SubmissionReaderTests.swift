import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

/// Archives made for real (ZIPFoundation, the system's tar), read as `grader batch` reads them.
struct SubmissionReaderTests {
    let reader = SubmissionReader(wanted: ["Solution.swift"])

    private func read(_ fixture: FixtureClass, _ name: String, _ form: Submission.Form) throws -> (SubmissionFiles, URL) {
        let staging = fixture.url("staging-\(name)")
        let submission = Submission(id: name, name: nil, location: fixture.url(name), source: name, form: form)
        return (try reader.read(submission, staging: staging), staging)
    }

    @Test func aZipCannotWriteOutsideItsFolderAndOnlyLearnerFilesAreWritten() throws {
        let fixture = try FixtureClass()
        try fixture.zip("a.zip", [("../../Solution.swift", "escape"), ("/etc/Solution.swift", "absolute"),
                                  ("work/01-counter/Solution.swift", "mine"), ("work/01-counter/exercise.yml", "cases: []")])
        let (files, staging) = try read(fixture, "a.zip", .zip)
        #expect(Array(files.candidates.keys) == ["work/01-counter/Solution.swift"])
        #expect(files.ignored == ["work/01-counter/exercise.yml"])
        #expect(files.refused.count == 2 && files.refused.allSatisfy { $0.contains("outside the submission's folder") })
        #expect(!FileManager.default.fileExists(atPath: fixture.root.deletingLastPathComponent().appendingPathComponent("Solution.swift").path))
        #expect(!FileManager.default.fileExists(atPath: staging.appendingPathComponent("work/01-counter/exercise.yml").path),
                "files that are not learner files are never written")
    }

    @Test func aTarballsLinksAreRefusedAndItsFilesRead() throws {
        let fixture = try FixtureClass()
        try fixture.folder("t", ["01-counter/Solution.swift": "mine", "notes.txt": "hi"])
        try FileManager.default.createSymbolicLink(atPath: fixture.url("t/02-other").path, withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: fixture.url("t/Solution.swift").path, withDestinationPath: "/etc/passwd")
        try fixture.tarball("t.tar.gz", of: "t")
        let (files, staging) = try read(fixture, "t.tar.gz", .tarball)
        #expect(Array(files.candidates.keys) == ["01-counter/Solution.swift"])
        #expect(try String(contentsOf: files.candidates["01-counter/Solution.swift"]!, encoding: .utf8) == "mine")
        #expect(files.refused.count == 2 && files.refused.allSatisfy { $0.contains("never followed") })
        #expect(files.ignored == ["notes.txt"])
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: staging.appendingPathComponent("Solution.swift").path)) == nil)
    }

    @Test func aFoldersLinksAreNotFollowedAndBigFilesAreRefused() throws {
        let fixture = try FixtureClass()
        try fixture.folder("f", ["big/Solution.swift": String(repeating: "x", count: (1 << 20) + 1)])
        try FileManager.default.createSymbolicLink(atPath: fixture.url("f/Solution.swift").path, withDestinationPath: "/etc/passwd")
        let (files, _) = try read(fixture, "f", .folder)
        #expect(files.candidates.isEmpty)
        #expect(files.refused.sorted() == ["Solution.swift is a symbolic link, which is never followed",
                                           "big/Solution.swift is larger than 1024 KiB"])
    }

    @Test func brokenArchivesAreProblemsNotCrashes() throws {
        let fixture = try FixtureClass()
        try fixture.folder(".", ["bad.zip": "not a zip", "bad.tar.gz": "not gzip"])
        #expect(throws: SubmissionReader.Problem.self) { try read(fixture, "bad.zip", .zip) }
        #expect(throws: SubmissionReader.Problem.self) { try read(fixture, "bad.tar.gz", .tarball) }
    }
}
