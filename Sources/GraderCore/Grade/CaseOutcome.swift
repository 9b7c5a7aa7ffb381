/// How a finished case of a job ended, as its ``StopRule`` sees it.
struct CaseOutcome: Sendable {
    var name: String
    var index: Int
    /// How it failed; nil when it passed.
    var failure: FailureShape?

    /// The outcome of `result`, a finished run of `testCase`; nil when it failed with nothing
    /// to compare (not run, cut at a time budget's end).
    init?(_ result: CaseResult, of testCase: TestCase) {
        name = testCase.name
        index = testCase.index
        if result.status == .passed {
            failure = nil
        } else if let failure = result.failure {
            self.failure = FailureShape(failure, of: testCase)
        } else {
            return nil
        }
    }
}
