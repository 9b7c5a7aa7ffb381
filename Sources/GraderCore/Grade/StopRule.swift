/// When a job has shown what it was graded for, so that its cases not yet started are not run
/// (they count as failed, with no failure of their own): a mutant needs one failing case, and,
/// for `verify`'s requirement checks, one failing case among those of each requirement it breaks.
package struct StopRule: Sendable, Hashable {
    /// Groups of case names: the job stops once a case failed and each group holds a failed case.
    package var groups: [Set<String>]

    package init(groups: [Set<String>]) {
        self.groups = groups.filter { !$0.isEmpty }
    }

    /// Stop at the first failing case.
    package static let firstFailure = StopRule(groups: [])

    /// Whether a job whose failed cases are `failed` has shown enough.
    func isMet(byFailed failed: Set<String>) -> Bool {
        !failed.isEmpty && groups.allSatisfy { !$0.isDisjoint(with: failed) }
    }

    /// `cases` with the groups' own first, each part in its order: they decide when to stop,
    /// so they start before the rest.
    func ordered(_ cases: [TestCase]) -> [TestCase] {
        let named = groups.reduce(into: Set<String>()) { $0.formUnion($1) }
        return cases.filter { named.contains($0.name) } + cases.filter { !named.contains($0.name) }
    }
}
