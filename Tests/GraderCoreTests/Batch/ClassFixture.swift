import ExerciseKit
import Foundation
import Testing
@testable import GraderCore
@testable import GraderInstructor

/// A class of StudentReport values built in the test, over the fixture course's counter
/// exercise (six cases, the last hidden) and an exercise the course does not have:
///
/// - `s1` Zoë Núñez: everything passes.
/// - `s2` `Ann "Bo" <b>&</b>`: partial; a wrong value whose text needs escaping, output with
///   control characters, and a hidden case failing with details that must never be shown.
/// - `s3` Øyvind: does not compile.
/// - `s4`: only the hidden case fails.
/// - `s5`: the same files as `s2` (same submission hash).
enum ClassFixture {
    static let counterID = "00-fixtures/01-counter"
    static let extraID = "99-extra/01-notes"
    /// Text only a hidden case's details hold: no student-facing file may contain it.
    static let hiddenSecret = "SECRET-hidden-expectation"

    static func course() throws -> Course {
        try CourseLoader().load(root: Fixtures.course).course
    }

    static let caseDefinitions: [(name: String, weight: Double, hidden: Bool)] = [
        ("starts at zero", 1, false), ("increments", 1, false), ("survives a relaunch", 2, false),
        ("rejects a negative step", 1, false), ("prints a report", 1, false), ("a kill loses what was not saved", 1, true),
    ]

    static func counter(failing: [Int: StepFailure?] = [:], duration: Double = 1.5) -> ExerciseResult {
        let cases = caseDefinitions.enumerated().map { index, definition in
            CaseResult(name: definition.name, index: index, hidden: definition.hidden, weight: definition.weight,
                       status: failing.keys.contains(index) ? .failed : .passed, failure: failing[index] ?? nil,
                       duration: 0.25)
        }
        let passedWeight = cases.filter { $0.status == .passed }.map(\.weight).reduce(0, +)
        let passed = cases.filter { $0.status == .passed }.count
        return ExerciseResult(id: counterID, title: "Counter", status: passed == cases.count ? .passed : .failed, points: 10,
                              score: 10 * passedWeight / 7, casesPassed: passed, casesTotal: cases.count, diagnostics: [],
                              cases: cases, problems: [], duration: duration)
    }

    static func extra(passed: Bool = true) -> ExerciseResult {
        let cases = [CaseResult(name: "keeps <notes> & \"quotes\"", index: 0, hidden: false, weight: 1,
                                status: passed ? .passed : .failed, failure: passed ? nil : notesFailure, duration: 0.5)]
        return ExerciseResult(id: extraID, title: "Notes & <Tags>", status: passed ? .passed : .failed, points: 5,
                              score: passed ? 5 : 0, casesPassed: passed ? 1 : 0, casesTotal: 1, diagnostics: [],
                              cases: cases, problems: [], duration: 0.75)
    }

    static let wrongValue = StepFailure(
        kind: .wrongValue, stepIndex: 2, step: .call(operation: "value", arguments: nil),
        steps: [.call(operation: "increment", arguments: .object(["by": .int(5)])), .relaunch, .call(operation: "value", arguments: nil)],
        message: "expected 5, got 0 <not saved> & \"lost\"",
        mismatch: nil, expected: "5", actual: "0", stdout: "saving…\u{1B}[31m red\u{0} nul\n", stderr: "")

    static let notesFailure = StepFailure(
        kind: .missingError, stepIndex: 0, step: .call(operation: "add", arguments: .object(["text": .string("<b>")])),
        steps: [.call(operation: "add", arguments: .object(["text": .string("<b>")]))],
        message: "expected the error NotesError.markup, got no error", mismatch: nil, expected: nil, actual: nil,
        stdout: "", stderr: "")

    static let hiddenFailure = StepFailure(
        kind: .wrongValue, stepIndex: 3, step: .kill, steps: [],
        message: "expected \(hiddenSecret)", mismatch: nil, expected: hiddenSecret, actual: "1", stdout: "", stderr: "")

    static let compileError: ExerciseResult = ExerciseResult(
        id: counterID, title: "Counter", status: .compileError, points: 10, score: 0, casesPassed: 0, casesTotal: 6,
        diagnostics: [
            Diagnostic(file: "Exercises/00-fixtures/01-counter/Solution.swift", line: 7, column: 16, severity: .error,
                       message: "cannot find 'cuont' in scope", sourceLine: "        return cuont < 10 && true"),
            // The note that explains the error: every format shows it under its error.
            Diagnostic(file: "Exercises/00-fixtures/01-counter/Solution.swift", line: 2, column: 9, severity: .note,
                       message: "did you mean 'count'?", sourceLine: "    var count = 0"),
            Diagnostic(file: "Exercises/00-fixtures/01-counter/Solution.swift", line: 3, column: 9, severity: .warning,
                       message: "variable 'x' was never used", sourceLine: "    var x = 1"),
        ],
        cases: [], problems: [], duration: 2)

    static func reports() -> [StudentReport] {
        [
            StudentReport(id: "s1", name: "Zoë Núñez", source: "Zoë Núñez_101_assignsubmission_file_/",
                          exercises: [counter(), extra()], submissionHash: "hash-1",
                          gradedAt: "2026-11-25T02:00:00Z", duration: 3.25),
            StudentReport(id: "s2", name: "Ann \"Bo\" <b>&</b>", source: "ann_102_9_file.zip",
                          exercises: [counter(failing: [2: wrongValue, 5: hiddenFailure]), extra(passed: false)],
                          notes: ["unknown file ignored: notes <draft>.txt", "identical to the submission of s5"],
                          submissionHash: "hash-2", gradedAt: "2026-11-25T02:00:01Z", duration: 4),
            StudentReport(id: "s3", name: "Øyvind", source: "s3.tar.gz", exercises: [compileError, extra()],
                          submissionHash: "hash-3", gradedAt: "2026-11-25T02:00:02Z", duration: 2.5),
            StudentReport(id: "s4", source: "s4/", exercises: [counter(failing: [5: hiddenFailure]), extra()],
                          submissionHash: "hash-4", gradedAt: "2026-11-25T02:00:03Z", duration: 3),
            StudentReport(id: "s5", name: "Bea", source: "s5/",
                          exercises: [counter(failing: [2: wrongValue, 5: hiddenFailure]), extra(passed: false)],
                          notes: ["identical to the submission of s2"],
                          submissionHash: "hash-2", gradedAt: "2026-11-25T02:00:04Z", duration: 4),
        ]
    }

    /// A fresh temporary folder, removed by the caller's `defer`.
    static func outputFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("batch-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Compares with `Tests/Fixtures/golden/batch/NAME`; `UPDATE_GOLDEN=1` rewrites it.
    static func expectGolden(_ name: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = Fixtures.directory.appendingPathComponent("golden/batch/\(name)")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(text == golden, "differs from golden/batch/\(name); rerun with UPDATE_GOLDEN=1 and review the diff",
                sourceLocation: sourceLocation)
    }
}
