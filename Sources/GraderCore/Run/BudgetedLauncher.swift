import Foundation

/// A time budget over many cases (a batch's per-student `--time-budget`): when it runs out, and
/// how long it was.
package struct TimeBudget: Sendable, Hashable {
    package var deadline: Date
    package var seconds: Double

    package init(seconds: Double, from start: Date = Date()) {
        self.seconds = seconds
        deadline = start.addingTimeInterval(seconds)
    }
}

/// Runs cases as `base` does, each stopped when the budget runs out, even part-way through a
/// launch: a student's grading then ends at the budget, not at the budget plus the running
/// cases' own limits.
struct BudgetedLauncher: CaseLaunching {
    let base: any CaseLaunching
    let budget: TimeBudget

    func run(_ testCase: TestCase, bundle: AppBundle, exercise: Exercise, plan: LaunchPlan,
             shouldStop: (Int, StepRun) -> Bool) throws -> CaseRun {
        var plan = plan
        plan.budget = budget
        return try base.run(testCase, bundle: bundle, exercise: exercise, plan: plan, shouldStop: shouldStop)
    }
}
