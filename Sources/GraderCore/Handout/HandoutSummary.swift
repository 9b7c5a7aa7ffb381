import Foundation

/// What `grader pack --student` wrote: the value the command prints.
public struct HandoutSummary: Sendable {
    /// The handout's folder.
    public var destination: URL
    /// The manifest written as `handout.json`.
    public var manifest: HandoutManifest
    /// Bytes of the reference binaries, and of the whole handout.
    public var referenceBytes: Int
    public var totalBytes: Int
    /// What the course holds that the handout leaves out, as short lines (`Tests/`,
    /// `Reference/ of 39 exercises`).
    public var leftOut: [String]
    /// Things the instructor may want to look at before handing it out, as sentences (a
    /// statement naming a hidden case).
    public var warnings: [String]
    /// Seconds the packing took.
    public var duration: Double

    /// Cases the handout holds and leaves out, over every exercise.
    public var visibleCases: Int { manifest.exercises.map(\.visibleCases).reduce(0, +) }
    public var hiddenCases: Int { manifest.exercises.map(\.hiddenCases).reduce(0, +) }
}
