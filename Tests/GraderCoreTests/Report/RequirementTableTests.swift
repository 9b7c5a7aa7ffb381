import Foundation
import Testing
@testable import GraderCore

/// The table of requirements in `Exercises/README.md` is the course's own, kept up to date.
struct RequirementTableTests {
    static let projectRoot = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()

    @Test func theFixturesTableHasItsRequirementWithItsCasesAndMutants() throws {
        let course = try CourseLoader().load(root: Fixtures.course).course
        let table = RequirementTable.markdown(course.exercises)
        #expect(table.contains("""
            **00-fixtures/01-counter** (1 requirement)

            | # | the statement says | cases | mutants |
            | ---: | --- | --- | --- |
            | 1 | A negative step throws `CounterError.negative` | rejects a negative step | accepts-negative |
            """))
        #expect(table.contains("**00-fixtures/02-sandbox-probe** (0 requirements)"))
    }

    /// Fails when an `exercise.yml`'s requirements changed and the README's table did not; run
    /// it with `UPDATE_REQUIREMENTS_TABLE=1` to write the table anew.
    @Test func exercisesReadmeHoldsTheCoursesTable() throws {
        let loaded = try CourseLoader().load(root: Self.projectRoot)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let readme = Self.projectRoot.appendingPathComponent("Exercises/README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let updated = try #require(RequirementTable.replacing(in: text, with: RequirementTable.markdown(loaded.course.exercises)),
                                   "Exercises/README.md has no \(RequirementTable.begin) … \(RequirementTable.end) lines")
        if ProcessInfo.processInfo.environment["UPDATE_REQUIREMENTS_TABLE"] == "1", updated != text {
            try updated.write(to: readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(updated == text, "Exercises/README.md's table of requirements is out of date: run `UPDATE_REQUIREMENTS_TABLE=1 swift test --filter RequirementTableTests`")
    }
}
