/// When a job has shown what it was graded for, so that its cases not yet started are not run
/// (they count as failed, with no failure of their own): a mutant needs one failing case, and,
/// for `verify`'s requirement checks, one failing case among those of each requirement it breaks;
/// a known bug's mutant (`batch`) is graded only while it can still fail as some student did.
package struct StopRule: Sendable, Hashable {
    /// Groups of case names: the job stops once a case failed and each group holds a failed case.
    package var groups: [Set<String>]
    /// Ways of failing, each a graded result's failed cases by index (a case not in it passed):
    /// when set, the job stops once each of them differs from the job's finished cases at some
    /// case, and ``groups`` are not used. A mutant graded to be compared with students' failures
    /// then runs whole only where it may turn out like one of them.
    package var unlike: [[Int: FailureShape]]?
    /// Cases to start before all others, in this order: the ones that failed when the same
    /// file was graded before (``LaunchComparison``), so that a job which fails them again has
    /// shown enough before it runs the cases it passes. They change which cases run, never when
    /// the job stops.
    package var first: [String] = []

    package init(groups: [Set<String>], first: [String] = []) {
        self.groups = groups.filter { !$0.isEmpty }
        self.first = first
    }

    /// Stop once the job fails unlike each of `patterns` (see ``unlike``).
    package init(unlike patterns: [[Int: FailureShape]]) {
        groups = []
        unlike = patterns
    }

    /// Stop at the first failing case.
    package static let firstFailure = StopRule(groups: [])

    /// Whether a job whose finished cases ended as `finished` says has shown enough.
    func isMet(by finished: [CaseOutcome]) -> Bool {
        if let unlike {
            return unlike.allSatisfy { pattern in finished.contains { pattern[$0.index] != $0.failure } }
        }
        let failed = Set(finished.filter { $0.failure != nil }.map(\.name))
        return !failed.isEmpty && groups.allSatisfy { !$0.isDisjoint(with: failed) }
    }

    /// `cases` with ``first``'s first, then the groups' own: they decide when to stop, so they
    /// start before the rest. Within each part, plain cases (one run each) come before the
    /// cases of many runs (generated inputs, crash repetitions, then explorations), each kind
    /// in its order: the pool starts cases in this order, and a job that has shown enough after
    /// its plain cases skips the costly ones, or stops them part-way (``Grader``).
    func ordered(_ cases: [TestCase]) -> [TestCase] {
        let named = groups.reduce(into: Set<String>()) { $0.formUnion($1) }
        let byCost = cases.enumerated()
            .sorted { (Self.cost($0.element), $0.offset) < (Self.cost($1.element), $1.offset) }
            .map(\.element)
        let leading = first.compactMap { name in cases.first { $0.name == name } }
        let rest = byCost.filter { !first.contains($0.name) }
        return leading + rest.filter { named.contains($0.name) } + rest.filter { !named.contains($0.name) }
    }

    /// How many runs a case's kind makes, roughly: 0 for one run, 2 for an exploration.
    private static func cost(_ testCase: TestCase) -> Int {
        switch testCase.kind {
        case .plain: return 0
        case .generated, .crash: return 1
        case .explored: return 2
        }
    }
}
