import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

struct JUnitWriterTests {
    private static let schema = Fixtures.directory.appendingPathComponent("junit/junit.xsd")

    private func written() throws -> (folder: URL, file: URL) {
        let folder = try ClassFixture.outputFolder()
        try JUnitWriter(course: try ClassFixture.course()).write(ClassFixture.reports(), to: folder)
        return (folder, folder.appendingPathComponent("junit.xml"))
    }

    @Test(.enabled(if: ExternalTool.runsTests(needing: "xmllint")))
    func validatesAgainstTheJUnitSchema() throws {
        let (folder, file) = try written()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try ExternalTool.run("xmllint", ["--noout", "--schema", Self.schema.path, file.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("validates"), "\(output.stderr)")
    }

    @Test(.enabled(if: ExternalTool.runsTests(needing: "xmllint")))
    func theSchemaCatchesAnInvalidDocument() throws {
        // The check above could not pass by accident: the same schema rejects a suite without
        // the attributes it requires.
        let folder = try ClassFixture.outputFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.xml")
        try #"<testsuites><testsuite name="x"><testcase name="a"/></testsuite></testsuites>"#.write(to: file, atomically: true, encoding: .utf8)
        let output = try ExternalTool.run("xmllint", ["--noout", "--schema", Self.schema.path, file.path])
        #expect(output.status != 0)
    }

    @Test(.enabled(if: ExternalTool.runsTests(needing: "xmllint")))
    func suitesAndCasesCountAsExpected() throws {
        let (folder, file) = try written()
        defer { try? FileManager.default.removeItem(at: folder) }
        func xpath(_ expression: String) throws -> String {
            let output = try ExternalTool.run("xmllint", ["--xpath", expression, file.path])
            #expect(output.status == 0, "\(expression): \(output.stderr)")
            return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try xpath("count(//testsuite)") == "10", "one per student and exercise")
        #expect(try xpath("count(//testsuite[@package='s2']/testcase)") == "7")
        #expect(try xpath("string(//testsuite[@name='s2/00-fixtures/01-counter']/@failures)") == "2")
        #expect(try xpath("string(//testsuite[@name='s2/00-fixtures/01-counter']/testcase[@name='survives a relaunch']/failure/@type)") == "wrong_value")
        #expect(try xpath("string(//testsuite[@name='s2/00-fixtures/01-counter']/testcase[@name='survives a relaunch']/failure/@message)")
                == #"expected 5, got 0 <not saved> & "lost""#)
        // A compile error: every case of the course is an error carrying the compiler's lines.
        #expect(try xpath("string(//testsuite[@name='s3/00-fixtures/01-counter']/@errors)") == "6")
        #expect(try xpath("string(//testsuite[@name='s3/00-fixtures/01-counter']/testcase[1]/error)").contains("cannot find 'cuont' in scope"))
        #expect(try xpath("string(//testsuite[@name='s3/00-fixtures/01-counter']/testcase[1]/error)").contains("note: did you mean 'count'?"))
        // Hidden cases: named by number, without their details.
        #expect(try xpath("string(//testsuite[@name='s4/00-fixtures/01-counter']/testcase[6]/@name)") == "hidden case 6")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains(ClassFixture.hiddenSecret))
        #expect(!text.contains("\u{1B}") && !text.contains("\u{0}"), "XML 1.0 forbids them")
    }

    @Test func junitMatchesGolden() throws {
        let file = try #require(try JUnitWriter(course: try ClassFixture.course()).render(ClassFixture.reports()).first)
        #expect(file.path == "junit.xml")
        try ClassFixture.expectGolden("junit.xml", String(decoding: file.contents, as: UTF8.self))
    }

    @Test func timestampsHaveNoZoneAsTheSchemaAsks() {
        #expect(JUnitWriter.timestamp("2026-11-25T02:00:01Z") == "2026-11-25T02:00:01")
        #expect(JUnitWriter.timestamp("2026-11-25T03:00:01+01:00") == "2026-11-25T02:00:01")
        #expect(JUnitWriter.timestamp("2026-11-25T02:00:01.250Z") == "2026-11-25T02:00:01")
    }
}
