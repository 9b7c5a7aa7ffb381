import GraderCommandLine
import Testing

/// `grader watch` never runs two checks at once, nor a line of stale ones.
struct CheckQueueTests {
    @Test func aRequestWhileACheckRunsWaitsAndOnlyTheLatestRuns() {
        var queue = CheckQueue<String>()
        #expect(queue.request("v1", force: true) == "v1")
        #expect(queue.running == "v1")
        #expect(queue.request("v2") == nil, "one at a time")
        #expect(queue.request("v3") == nil)
        #expect(queue.finish() == "v3", "the latest, not v2 then v3")
        #expect(queue.running == "v3")
        #expect(queue.finish() == nil)
        #expect(queue.running == nil)
    }

    @Test func anUnchangedSubjectIsNotCheckedAgainUnlessForced() {
        var queue = CheckQueue<String>()
        #expect(queue.request("v1") == "v1")
        #expect(queue.finish() == nil)
        #expect(queue.request("v1") == nil, "saved without a change")
        #expect(queue.request("v1", force: true) == "v1", "watched anew")
        // Edited and then edited back while checking: nothing new to check.
        #expect(queue.request("v2") == nil)
        #expect(queue.request("v1") == nil)
        #expect(queue.finish() == nil)
        #expect(queue.running == nil)
    }

    @Test func aForcedRequestStaysForcedWhileItWaits() {
        var queue = CheckQueue<String>()
        #expect(queue.request("a") == "a")
        #expect(queue.request("a", force: true) == nil)
        #expect(queue.request("a") == nil)
        #expect(queue.finish() == "a")
    }
}
