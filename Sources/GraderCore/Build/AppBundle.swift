import Foundation

/// An exercise binary in its app bundle, ready to run.
public struct AppBundle: Sendable, Hashable {
    /// The executable's name inside the bundle; also the Swift module name of every build.
    public static let executableName = "App"

    /// The `App.app` folder: the executable `App` and the exercise's resources.
    public var directory: URL
    /// The cache key: equal keys mean identical inputs.
    public var key: String
}

/// Builds an exercise's binary from a set of sources: what the grader needs of a build engine,
/// so that its scheduling can be tested with a stand-in.
package protocol ExerciseBuilding: Sendable {
    /// Builds `sources` with `exercise`'s driver and `resources`, or returns the cached build.
    func build(exercise: Exercise, sources: [URL], resources: BundleResources) throws -> BuildOutcome
    /// The exercise's reference, ready to run: built from `Reference/`, or in a student handout
    /// the binary it ships.
    func buildReference(of exercise: Exercise) throws -> BuildOutcome
    /// Mutant `number` of the mutant schema `schema` (`MutantSchema` in MutationKit): the
    /// schema built once with `exercise`'s driver and `resources`, and a copy of its binary
    /// that switches that mutant on.
    func build(exercise: Exercise, schema: URL, number: Int, resources: BundleResources) throws -> BuildOutcome
}

extension ExerciseBuilding {
    package func buildReference(of exercise: Exercise) throws -> BuildOutcome {
        try build(exercise: exercise, sources: exercise.referenceSources)
    }

    /// Builds `sources` with `exercise`'s driver and resources, or returns the cached build.
    package func build(exercise: Exercise, sources: [URL]) throws -> BuildOutcome {
        try build(exercise: exercise, sources: sources, resources: exercise.bundleResources)
    }
}

/// What building a set of sources produced.
public enum BuildOutcome: Sendable {
    case built(AppBundle)
    /// The sources did not compile: a learner's failure, reported with its diagnostics.
    case failed([Diagnostic])
}
