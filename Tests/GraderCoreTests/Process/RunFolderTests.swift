import Foundation
import Testing
@testable import GraderCore

/// A folder of one running grader's own (verify's mutant schemas, a run's sandbox files).
struct RunFolderTests {
    /// Two verifies at once write their schemas into two folders; the folder of a grader that
    /// was killed goes with the next one made beside it; other folders are left alone.
    @Test func gradersAtOnceGetFoldersOfTheirOwnAndAGoneOnesIsRemoved() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("run-folders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let gone = parent.appendingPathComponent("verify-999999-0badf00d")
        let other = parent.appendingPathComponent("generated-mutants")
        for folder in [gone, other] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("mutant-schemas"), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(".lock").path, contents: Data())
        }
        let first = try RunFolder(in: parent, prefix: "verify-", what: "verify's folder")
        let second = try RunFolder(in: parent, prefix: "verify-", what: "verify's folder")
        #expect(first.directory != second.directory)
        #expect(first.directory.lastPathComponent.hasPrefix("verify-\(getpid())-"))
        #expect(!FileManager.default.fileExists(atPath: gone.path), "nobody holds its lock")
        #expect(FileManager.default.fileExists(atPath: other.path), "not a verify's folder")
        #expect(FileManager.default.fileExists(atPath: first.directory.path), "its grader holds its lock")
        let third = try RunFolder(in: parent, prefix: "verify-", what: "verify's folder")
        #expect(FileManager.default.fileExists(atPath: first.directory.path) && FileManager.default.fileExists(atPath: second.directory.path))
        let folders = [first.directory, second.directory, third.directory]
        _ = consume first
        _ = consume second
        _ = consume third
        #expect(folders.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) }, "removed with their graders")
    }

    @Test func aFolderThatCannotBeMadeIsAnErrorThatNamesIt() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("run-folders-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data("a file".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        #expect {
            _ = try RunFolder(in: file, prefix: "verify-", what: "verify's folder")
        } throws: { error in
            "\(error)".contains("cannot create verify's folder \(file.path)/verify-")
        }
    }
}
