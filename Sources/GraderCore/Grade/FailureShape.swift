/// How a failed case failed, as far as two programs with the same bug fail alike (the rule
/// `batch` names known bugs by): the kind of failure, and where the case's kind makes it the
/// program's and not chance's.
///
/// - a written case: the kind, the failing step, and for a wrong value the first difference's
///   place (`$.model`);
/// - a crash case (`kill_during`): the kind and the step (what a kill tore depends on when it
///   came);
/// - a randomized case or the exploration: the kind alone (which input or sequence fails
///   first, and where once shrunk, can differ between two programs with the same bug).
package struct FailureShape: Hashable, Sendable {
    package var kind: FailureKind
    /// The failing step's index; nil where only the kind is compared.
    package var step: Int?
    /// Where a wrong value first differs (`$.cars[1].model`); nil where none or not compared.
    package var place: String?

    package init(kind: FailureKind, step: Int? = nil, place: String? = nil) {
        self.kind = kind
        self.step = step
        self.place = place
    }

    /// The shape of `failure`, a failure of `testCase`.
    package init(_ failure: StepFailure, of testCase: TestCase) {
        switch testCase.kind {
        case .generated, .explored:
            self.init(kind: failure.kind)
        case .crash:
            self.init(kind: failure.kind, step: failure.stepIndex)
        case .plain:
            self.init(kind: failure.kind, step: failure.stepIndex, place: failure.mismatch?.path)
        }
    }

    /// How `result`, a finished run of `testCase`, ended as the rule compares it: `.some(nil)`
    /// when it passed, `nil` when it failed with nothing to compare (not run, cut at a time
    /// budget's end).
    package static func outcome(_ result: CaseResult, of testCase: TestCase) -> FailureShape?? {
        if result.status == .passed { return .some(nil) }
        return result.failure.map { FailureShape($0, of: testCase) }
    }
}
