/// How a failed case failed, as far as two programs with the same bug fail alike (the rule
/// `batch` names known bugs by): the kind of failure, and where the case's kind makes it the
/// program's and not chance's.
///
/// - a written case: the kind, the failing step, and for a wrong value the field where the
///   first difference is, wherever in a list (`$.cars[].model` for `$.cars[1].model`: a list
///   in a set's or a dictionary's order differs first at a place that changes from run to run);
/// - a crash case (`kill_during`): the kind and the step (what a kill tore depends on when it
///   came);
/// - a randomized case or the exploration: the kind alone (which input or sequence fails
///   first, and where once shrunk, can differ between two programs with the same bug).
package struct FailureShape: Hashable, Sendable {
    package var kind: FailureKind
    /// The failing step's index; nil where only the kind is compared.
    package var step: Int?
    /// The field where a wrong value first differs, list positions left out (`$.cars[].model`);
    /// nil where none or not compared.
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
            self.init(kind: failure.kind, step: failure.stepIndex, place: failure.mismatch.map { Self.field(of: $0.path) })
        }
    }

    /// `path` (`$[0].pets[3]`, as ``ValuePath`` writes it) with every list position left out:
    /// `$[].pets[]`. A key in brackets (`$["a b"]`) is kept.
    static func field(of path: String) -> String {
        path.replacing(#/\["[^"]*"\]|\[[0-9]+\]/#) { match in match.output.hasPrefix("[\"") ? String(match.output) : "[]" }
    }
}
