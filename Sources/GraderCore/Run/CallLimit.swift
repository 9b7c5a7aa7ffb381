import ExerciseKit
import Foundation

/// A performance case's limit for one call: `factor` times the reference's time, or the floor.
struct CallLimit: Sendable, Hashable {
    var seconds: Double
    var factor: Double
    var referenceSeconds: Double
}
