import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

struct SubmissionFinderTests {
    @Test func moodleAndCanvasNamesGiveIdsAndNames() {
        #expect(LMSLayout.moodle("Ana Ruiz_12345_assignsubmission_file_") == .init(id: "12345", name: "Ana Ruiz", order: 0))
        #expect(LMSLayout.moodle("Ana Ruiz_12345_assignsubmission_onlinetext_")?.id == "12345")
        #expect(LMSLayout.moodle("ana") == nil)
        #expect(LMSLayout.canvas("ruizana_12345_67890_solutions.zip") == .init(id: "12345", name: "ruizana", order: 67890))
        #expect(LMSLayout.canvas("ruizana_LATE_12345_67891_solutions-1.zip")?.id == "12345")
        #expect(LMSLayout.canvas("solutions.zip") == nil)
    }

    @Test func findsEachFormAndTheLaterCanvasUpload() throws {
        let fixture = try FixtureClass()
        try fixture.folder("ana", ["01-counter/Solution.swift": "x"])
        try fixture.zip("ben.zip", [("01-counter/Solution.swift", "y")])
        try fixture.folder("moodle/Carla Díaz_301_assignsubmission_file_", ["01-counter/Solution.swift": "z"])
        try fixture.zip("moodle/Dan Roe_302_assignsubmission_file_/work.zip", [("01-counter/Solution.swift", "w")])
        try fixture.folder("moodle", ["grades.csv": "not a submission"])
        try fixture.zip("canvas/eveadams_401_9001_work.zip", [("a", "b")])
        try fixture.zip("canvas/eveadams_LATE_401_9005_work-1.zip", [("a", "b")])
        let found = try SubmissionFinder().find(["ana", "ben.zip", "moodle", "canvas"], currentDirectory: fixture.root)
        #expect(found.submissions.map(\.id) == ["301", "302", "401", "ana", "ben"])
        let byID = Dictionary(uniqueKeysWithValues: found.submissions.map { ($0.id, $0) })
        #expect(byID["301"]?.name == "Carla Díaz" && byID["301"]?.form == .folder)
        #expect(byID["302"]?.form == .zip && byID["302"]?.source == "moodle/Dan Roe_302_assignsubmission_file_/work.zip")
        #expect(byID["401"]?.source == "canvas/eveadams_LATE_401_9005_work-1.zip", "the later upload wins")
        #expect(byID["ben"]?.form == .zip)
        #expect(found.skipped.contains { $0.hasPrefix("moodle/grades.csv") })
        #expect(found.skipped.contains { $0.hasPrefix("canvas/eveadams_401_9001_work.zip: an earlier upload") })
    }

    @Test func rosterNamesStudentsAndMapsCanvasNamesToIds() throws {
        let fixture = try FixtureClass()
        try fixture.folder(".", ["roster.csv": "id,name,email\n12345,Ana Ruiz,ana@example.org\nS-9,Ben Ode,\n",
                                 "ana/x.swift": ""])
        try fixture.zip("canvas/benode_777_1_a.zip", [("a", "b")])
        let roster = try Roster.load(fixture.url("roster.csv"))
        let found = try SubmissionFinder(roster: roster).find(["canvas", "ana"], currentDirectory: fixture.root)
        #expect(found.submissions.map(\.id) == ["S-9", "ana"], "benode matches Ben Ode; ana is not on the roster")
        #expect(found.submissions[0].name == "Ben Ode")
        #expect(BatchGrader.missing(roster, found.submissions).map(\.id) == ["12345"])
    }

    @Test func aBadRosterNamesItsFileLineAndField() throws {
        let fixture = try FixtureClass()
        try fixture.folder(".", ["no-id.csv": "student,name\n1,A\n", "empty.csv": "id,name\n1,A\n,B\n", "twice.csv": "id,name\n1,A\n1,B\n"])
        #expect { try Roster.load(fixture.url("no-id.csv")) } throws: { "\($0)".contains("no-id.csv, line 1: no `id` column") }
        #expect { try Roster.load(fixture.url("empty.csv")) } throws: { "\($0)".contains("empty.csv, line 3: the field `id` is empty") }
        #expect { try Roster.load(fixture.url("twice.csv")) } throws: { "\($0)".contains("twice.csv, line 3: the field `id` repeats 1 from line 2") }
    }

    @Test func twoSubmissionsWithOneIdAreRefusedBeforeGrading() throws {
        let fixture = try FixtureClass()
        try fixture.folder("a/ana", ["x": "x"])
        try fixture.zip("ana.zip", [("x", "")])
        #expect { try SubmissionFinder().find(["a/ana", "ana.zip"], currentDirectory: fixture.root) } throws: {
            "\($0)".contains("two submissions have the identifier ana: a/ana and ana.zip")
        }
    }
}
