import Foundation
import GraderCore

extension StudentReport {
    /// The report a student may see: hidden cases keep their status and weight but lose their
    /// name, failure, input and phone settings, exactly as `grader check` redacts them.
    func redactingHiddenCases() -> StudentReport {
        var copy = self
        copy.exercises = RunReport(course: "", exercises: exercises).redactingHiddenCases().exercises
        return copy
    }
}
