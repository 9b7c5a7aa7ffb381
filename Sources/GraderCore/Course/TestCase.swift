import Foundation

/// A test case: steps run in order in one fresh app container.
public struct TestCase: Sendable, Hashable, Codable {
    public var name: String
    /// Its 0-based position in `exercise.yml`.
    public var index: Int
    public var weight: Double
    /// Hidden cases are run and scored but their details are not shown to the learner.
    public var hidden: Bool
    public var steps: [Step]
    /// Checks on the container after the steps.
    public var container: [ContainerAssertion] = []
    /// For cases with a `kill_during` step: how often and when it is killed.
    public var crash: CrashPlan?
    /// For randomized differential cases: the generated inputs.
    public var inputs: InputSpec?
    /// For performance cases: each call's limit, relative to the reference's time for it.
    public var timeLimit: RelativeTimeLimit?
    /// The time zone and language the app runs in (the reference's too).
    public var environment: PhoneEnvironment = .neutral
    /// Resources removed or replaced in the app bundle for this case's launches (the reference's too).
    public var bundle: BundleEdits?
    /// For the exercise's exploration: the operations its random sequences call. Such a case has
    /// no steps of its own; each sequence is a concrete case.
    public var exploration: ExplorationSpec?
}

extension TestCase {
    /// Whether a run of the case is compared with the reference's run of the same steps (or
    /// times its calls against it).
    public var needsReference: Bool {
        exploration != nil || timeLimit != nil || container.contains(where: \.comparesWithReference) || steps.contains { step in
            if case .call(let call) = step, call.expectation == .reference { return true }
            return false
        }
    }

    /// Whether the case's verdict may depend on how fast the disk is: its calls are timed
    /// against the reference's, or it kills a call at moments in time (how much a save wrote by
    /// then depends on the disk). Such a case runs in a container on disk, where a commit waits
    /// for the disk as on a phone; the others run in memory where the machine can
    /// (``SandboxFolder``), which changes nothing an app can observe but the time it takes.
    public var dependsOnDiskSpeed: Bool {
        timeLimit != nil || (crash.map { !$0.atEachFileChange } ?? false)
    }

    /// The kind of case, which decides how it is run.
    public var kind: Kind {
        if let exploration { return .explored(exploration) }
        if let inputs { return .generated(inputs) }
        if let crash { return .crash(crash) }
        return .plain
    }

    public enum Kind: Sendable {
        /// Its steps once.
        case plain
        /// Its steps once per generated input.
        case generated(InputSpec)
        /// Its steps once without a kill, then once per repetition with one.
        case crash(CrashPlan)
        /// Random sequences of the exercise's operations, each compared with the reference.
        case explored(ExplorationSpec)
    }
}
