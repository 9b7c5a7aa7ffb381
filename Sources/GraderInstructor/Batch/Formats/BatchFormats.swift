import Foundation
import GraderCore

/// The output formats `grader batch` writes besides its gradebook and JSON report: the one
/// list the command needs from this folder.
///
/// ```swift
/// for format in BatchFormats.all(course: course) {
///     try format.write(reports, to: outputFolder)
/// }
/// ```
public enum BatchFormats {
    public static func all(course: Course) -> [any BatchOutputFormat] {
        [
            MarkdownFeedbackWriter(), HTMLFeedbackWriter(), JUnitWriter(course: course),
            GradescopeWriter(course: course), ExercismWriter(course: course), ClassSummaryWriter(title: course.title),
        ]
    }
}
