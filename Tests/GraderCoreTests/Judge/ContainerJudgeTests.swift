import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// A check compared with the reference's container, where the reference left nothing.
struct ContainerJudgeTests {
    private func plistCheck(likeReference: Bool) -> ContainerAssertion {
        var assertion = ContainerAssertion(path: "Documents/settings.plist", kind: .plist, equals: nil, minSize: nil,
                                           maxSize: nil, options: .standard, query: nil, userVersion: nil)
        if likeReference { assertion.absentLikeReference = true }
        return assertion
    }

    private let written = ContainerObservation.file(size: 10, content: .plist(format: "xml-plist", value: .object([:])))

    @Test func anExplorationsCheckWantsNoFileWhereTheReferenceLeftNone() throws {
        let check = plistCheck(likeReference: true)
        #expect(ContainerJudge.check(check, .missing, reference: .missing) == nil)
        let extra = try #require(ContainerJudge.check(check, written, reference: .missing))
        #expect(extra.kind == .wrongContainer)
        #expect(extra.text == "Documents/settings.plist should not exist (the reference leaves none after these steps), but it is a file of 10 bytes")
        // Where the reference has the file, the learner's must be there and equal.
        #expect(ContainerJudge.check(check, written, reference: written) == nil)
        #expect(ContainerJudge.check(check, .missing, reference: written) != nil)
    }

    @Test func aWrittenCaseStillCallsAMissingReferenceFileACourseProblem() throws {
        let message = try #require(ContainerJudge.check(plistCheck(likeReference: false), .missing, reference: .missing))
        #expect(message.kind == .wrongContainer)
        let both = try #require(ContainerJudge.check(plistCheck(likeReference: false), written, reference: .missing))
        #expect(both.kind == .referenceFailed)
    }
}
