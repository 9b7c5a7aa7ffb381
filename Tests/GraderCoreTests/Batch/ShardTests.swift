import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

/// `--shard K/N`: which students a shard grades.
struct ShardTests {
    /// Identifiers as classes have them: LMS numbers, names, mixed case, accents.
    private static let ids = ["12345", "23456", "ana", "Ana", "ben", "carla", "dan", "Émile", "eve", "fay", "gus", "S-0042", "zoë"]

    @Test(arguments: 1...6)
    func everyStudentIsInExactlyOneShard(count: Int) {
        let slices = (0..<count).map { Shard(index: $0, count: count).select(Self.ids) }
        #expect(slices.flatMap { $0 }.sorted() == Self.ids.sorted(), "complete and disjoint")
        #expect(Set(slices.flatMap { $0 }).count == Self.ids.count)
        let sizes = slices.map(\.count)
        #expect(sizes.max()! - sizes.min()! <= 1, "balanced: \(sizes)")
    }

    @Test func theSliceDependsOnlyOnTheSetOfStudents() {
        var generator = SystemRandomNumberGenerator()
        let shard = Shard(index: 1, count: 4)
        let expected = shard.select(Self.ids)
        for _ in 0..<20 {
            #expect(shard.select(Self.ids.shuffled(using: &generator)) == expected)
        }
        // Fixed, so that two machines (or a merge a week later) agree: Swift's String order.
        #expect(expected == ["23456", "ben", "fay"])
    }

    @Test func submissionsKeepTheirOrderWithinTheSlice() {
        let submissions = Self.ids.reversed().map {
            Submission(id: $0, name: nil, location: URL(fileURLWithPath: "/class/\($0)"), source: $0, form: .folder)
        }
        let mine = Set(Shard(index: 0, count: 3).select(Self.ids))
        #expect(Shard(index: 0, count: 3).select(submissions).map(\.id) == Self.ids.reversed().filter(mine.contains),
                "this shard's students, in the order given")
    }

    @Test func kOfNIsReadCountingFromZero() throws {
        #expect(try Shard(parsing: "0/4") == Shard(index: 0, count: 4))
        #expect(try Shard(parsing: "3/4").folderName == "shard-3-of-4")
        let form = "expected K/N, such as 0/4 (shards are counted from 0)"
        let refused = [("4/4", "K must be from 0 to 3 (shards are counted from 0)"),
                       ("-1/4", "K must be from 0 to 3 (shards are counted from 0)"),
                       ("1/0", "N must be at least 1"), ("1", form), ("a/b", form), ("1/2/3", form)]
        for (text, reason) in refused {
            #expect(throws: GraderError.io("--shard \(text): \(reason)")) { try Shard(parsing: text) }
        }
    }
}
