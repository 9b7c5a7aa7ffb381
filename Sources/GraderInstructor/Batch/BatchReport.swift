import Foundation
import GraderCore

/// Everything one batch graded: the versioned document `report.json` holds
/// (`Docs/batch.md`), and what every other batch output is written from.
public struct BatchReport: Codable, Sendable {
    /// A change that breaks readers increments it.
    public var schema = 1
    /// Keys added without breaking readers increment it: 2 adds each student's `known_bugs`, 3
    /// each exercise's `cases_hash`, 4 `unenforced_limits`.
    public var revision = 4
    /// Always `batch`, so that a reader can tell it from `grader check`'s report.
    public var kind = "batch"
    public var course: String
    /// When the outputs were written (ISO 8601).
    public var generatedAt: String
    /// The exercises graded, in the course's order: the gradebook's columns.
    public var exercises: [ExerciseColumn]
    /// Every student graded, in identifier order.
    public var students: [Student]
    /// Students of the roster with no submission.
    public var missing: [MissingStudent]
    /// Entries of the folders given that were not submissions, as sentences.
    public var skipped: [String]
    public var summary: Summary
    /// The limits the machine grading did not enforce, and why (several machines' for merged
    /// shards); absent from reports written before revision 2.
    public var unenforcedLimits: [UnenforcedLimit]?

    public struct ExerciseColumn: Codable, Sendable, Hashable {
        public var id: String
        public var title: String
        public var points: Int
    }

    public struct MissingStudent: Codable, Sendable, Hashable {
        public var id: String
        public var name: String?
    }

    public struct Summary: Codable, Sendable, Hashable {
        public var students: Int
        /// Points available to each student.
        public var points: Int
        /// The mean of the students' scores, rounded to two decimals.
        public var meanScore: Double
    }

    /// One student: their ``StudentReport`` with its total `score` (rounded to two decimals)
    /// and `points` beside its keys.
    public struct Student: Codable, Sendable {
        public var report: StudentReport

        private enum TotalKeys: String, CodingKey { case score, points }

        public init(_ report: StudentReport) {
            self.report = report
        }

        public init(from decoder: Decoder) throws {
            report = try StudentReport(from: decoder)
        }

        public func encode(to encoder: Encoder) throws {
            try report.encode(to: encoder)
            var totals = encoder.container(keyedBy: TotalKeys.self)
            try totals.encode(BatchReport.rounded(report.score), forKey: .score)
            try totals.encode(report.points, forKey: .points)
        }
    }

    public init(course: String, exercises: [Exercise], students: [StudentReport], missing: [MissingStudent] = [],
                skipped: [String] = [], generatedAt: Date = Date()) {
        self.course = course
        self.exercises = exercises.map { ExerciseColumn(id: $0.id, title: $0.title, points: $0.points) }
        self.students = students.sorted { $0.id < $1.id }.map(Student.init)
        self.missing = missing
        self.skipped = skipped
        self.generatedAt = ISO8601DateFormatter().string(from: generatedAt)
        // Summed in identifier order: the mean's last bits then do not depend on the order the
        // submissions were named, nor on how shards were merged.
        let mean = students.isEmpty ? 0 : self.students.map(\.report.score).reduce(0, +) / Double(students.count)
        summary = Summary(students: students.count, points: exercises.map(\.points).reduce(0, +), meanScore: Self.rounded(mean))
    }

    /// `value` rounded to two decimals, as gradebooks keep scores.
    public static func rounded(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}
