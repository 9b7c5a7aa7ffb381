import Foundation
import Testing
@testable import GraderCore

/// The case's deadline over all its launches is pushed back by the processor waits of the
/// launches that have ended, up to thirty times the case's limit; a batch's budget is not.
struct CaseDeadlineTests {
    @Test func endedLaunchesWaitsPushTheCasesDeadlineBackUpToThirtyTimesItsLimit() {
        let deadline = CaseDeadline(date: Date().addingTimeInterval(30), breach: .caseTime(seconds: 30))
        let before = deadline.date
        deadline.excuse(12)
        #expect(abs(deadline.date.timeIntervalSince(before) - 12) < 0.001)
        deadline.excuse(-5)
        #expect(abs(deadline.date.timeIntervalSince(before) - 12) < 0.001)
        deadline.excuse(5000)
        let pushed = deadline.date.timeIntervalSince(before)
        #expect(pushed > 899 && pushed <= 900, "thirty times the 30 s limit, not \(pushed)")
    }

    @Test func aBatchBudgetIsNotPushedBack() {
        let budget = CaseDeadline(date: Date().addingTimeInterval(30), breach: .timeBudget(seconds: 30), excusesWaits: false)
        let before = budget.date
        budget.excuse(12)
        #expect(budget.date == before)
    }

    @Test func noDeadlineStaysNone() {
        let none = CaseDeadline.none
        none.excuse(12)
        #expect(none.date == .distantFuture)
    }
}
