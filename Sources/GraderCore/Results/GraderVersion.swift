/// The grader's version, which `grader --version` prints: raised with each release of the course
/// and its grader. The reports' own format has its schema and revision (``RunReport``).
public enum GraderVersion {
    public static let current = "0.9.0"

    /// `grader 0.9.0 (report schema 1, revision 5)`.
    public static var description: String {
        let report = RunReport(course: "", exercises: [])
        return "grader \(current) (report schema \(report.schema), revision \(report.revision))"
    }
}
