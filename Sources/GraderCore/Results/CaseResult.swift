import Foundation

public enum CaseStatus: String, Codable, Sendable {
    case passed, failed
}

public struct CaseResult: Codable, Sendable {
    /// The case's name; `hidden case N` for hidden cases.
    public var name: String
    public var index: Int
    public var hidden: Bool
    public var weight: Double
    public var status: CaseStatus
    /// Why it failed; nil for passed cases and for hidden ones.
    public var failure: StepFailure?
    public var duration: Double
    /// The verdict was reused from an earlier run with identical inputs (see `--no-cache`).
    public var cached = false
    /// For a randomized or crash case that failed: which input or repetition, and its seed.
    public var variation: CaseVariation?
    /// For a failed case: the time zone and language the app ran in (see ``PhoneEnvironment``).
    public var environment: PhoneEnvironment?
    /// For a failed case that ran on a changed app bundle (`bundle:`): what was removed and rewritten.
    public var bundleChanges: BundleChanges? = nil
    /// Why a run of the case was run again: it ran out of time while the machine was overloaded
    /// (up to twice more; the last run's verdict stands). Measured per run, so it is kept out of the failure's
    /// message and shown where one run is read.
    public var overloadRetry: String? = nil

    /// A case left out: its job had already shown enough (a mutant caught by other cases), or a
    /// batch's time budget ran out. It counts as failed, with no failure and no time.
    static func notRun(_ testCase: TestCase) -> CaseResult {
        CaseResult(name: testCase.name, index: testCase.index, hidden: testCase.hidden,
                   weight: testCase.weight, status: .failed, failure: nil, duration: 0)
    }
}

/// The paths of the app bundle a case removed and wrote anew (its `bundle:`), as a report shows
/// them: paths only, sorted.
public struct BundleChanges: Codable, Sendable, Hashable {
    public var removed: [String]
    public var written: [String]

    public init(_ edits: BundleEdits) {
        self.init(removed: edits.removed, written: Array(edits.written.keys))
    }

    public init(removed: [String], written: [String]) {
        self.removed = removed.sorted()
        self.written = written.sorted()
    }

    /// `pokemons.plist removed; Root.plist rewritten`.
    public var description: String {
        (removed.map { "\($0) removed" } + written.map { "\($0) rewritten" }).joined(separator: "; ")
    }
}
