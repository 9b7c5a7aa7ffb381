import Foundation
import SwiftCSV
import Testing
@testable import GraderCore
@testable import GraderInstructor

struct GradebookCSVTests {
    private func result(_ id: String, score: Double) -> ExerciseResult {
        ExerciseResult(id: id, title: id, status: .failed, points: 10, score: score, casesPassed: 1, casesTotal: 3,
                       diagnostics: [], cases: [], problems: [], duration: 0)
    }

    @Test func aCSVParserReadsEveryStudentWithScoresRoundedToTwoDecimals() throws {
        let course = try TemporaryCourse.fixture()
        let workspace = try GradingHarness.workspace(course)
        let exercises = Array(workspace.exercises.prefix(2))
        let students = [
            StudentReport(id: "12345", name: "Ruiz, Ana \"la\"", source: "a", exercises: [result(exercises[0].id, score: 5.555555555555555)],
                          submissionHash: "h1", gradedAt: "", duration: 1),
            StudentReport(id: "2", name: "=HYPERLINK(\"x\")", source: "b",
                          exercises: [result(exercises[0].id, score: 10), result(exercises[1].id, score: 3.333333)],
                          submissionHash: "h2", gradedAt: "", duration: 1),
        ]
        let text = GradebookCSV().render(BatchReport(course: "C", exercises: exercises, students: students))
        let csv = try CSV<Named>(string: text, delimiter: .comma)
        #expect(csv.header == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"] + exercises.map(\.id) + ["Total"])
        #expect(csv.rows.count == 2)
        #expect(csv.rows[0]["Student"] == "Ruiz, Ana \"la\"")
        #expect(csv.rows[0][exercises[0].id] == "5.56")
        #expect(csv.rows[0][exercises[1].id] == "", "an exercise not graded is left empty")
        #expect(csv.rows[0]["Total"] == "5.56")
        #expect(csv.rows[1]["Student"] == "'=HYPERLINK(\"x\")", "a formula is never handed to a spreadsheet")
        #expect(csv.rows[1]["Total"] == "13.33")
    }
}
