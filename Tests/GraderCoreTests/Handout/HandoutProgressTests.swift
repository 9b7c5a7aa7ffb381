import Foundation
import Testing
@testable import GraderCore

/// Progress in a student handout: the `.gitignore` that lets students commit `progress.json`.
@Suite(.serialized)
struct HandoutProgressTests {
    @Test func studentsCanCommitTheirProgress() throws {
        let packed = try PackedFixture.shared.get()
        #expect(packed.output.status == 0, "\(packed.output.stderr)")
        // The instructor's .gitignore keeps their progress out; the students' lets them commit theirs.
        let ignore = try String(contentsOf: packed.handout.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignore == ".build*/\n.grader/\n/book/\n", "\(ignore)")
        #expect(!FileManager.default.fileExists(atPath: packed.handout.appendingPathComponent("progress.json").path))
    }
}
