import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// The fixture's documents exercise, graded for real with one bug planted at a time: container
/// checks, crash repetitions, generated inputs and coding paths.
@Suite(.serialized)
struct FilesOnDiskTests {
    /// Grades the documents exercise with the reference's code changed by `edits` (old → new).
    func grade(_ edits: [(String, String)]) throws -> ExerciseResult {
        try GradingHarness.gradeEditedReference("03-documents", edits)
    }

    func failure(_ result: ExerciseResult, _ name: String) throws -> (CaseResult, StepFailure) {
        let found = try #require(result.cases.first { $0.name == name })
        return (found, try #require(found.failure, "\(name) should fail"))
    }

    @Test func theReferencePassesEveryKindOfCheck() throws {
        let result = try grade([])
        #expect(result.status == .passed)
        #expect(result.casesPassed == 10)
    }

    @Test func aPropertyListInTheWrongFormatIsNamed() throws {
        let result = try grade([(#"format == "binary" ? .binary : .xml"#, ".xml")])
        let (_, failure) = try failure(result, "a binary note")
        #expect(failure.kind == .wrongContainer)
        #expect(failure.stepIndex == 1)
        #expect(failure.message == "Documents/note.plist is a property list in the XML format; the binary format was expected")
        // The same file in the XML format passes where the case asks for XML.
        #expect(result.cases.first { $0.name == "an XML note like the reference's" }?.status == .passed)
    }

    @Test func contentIsComparedWithTheReferencesContainer() throws {
        let result = try grade([(#""length": text.count, "saved""#, #""length": text.utf8.count, "saved""#)])
        let (_, failure) = try failure(result, "an XML note like the reference's")
        #expect(failure.kind == .wrongContainer)
        #expect(failure.message == "Documents/note.plist: its content differs at $.length: expected 5, got 6")
    }

    @Test func aSymbolicLinkOutOfTheContainerIsNotFollowed() throws {
        let result = try grade([(
            "try Data(name.utf8).write(to: caches.appendingPathComponent(name))",
            #"try FileManager.default.createSymbolicLink(atPath: caches.appendingPathComponent(name).path, withDestinationPath: "/etc/passwd")"#)])
        let (_, failure) = try failure(result, "the caches folder")
        #expect(failure.message == "Library/Caches/a.txt is a symbolic link; the grader does not follow it")
    }

    @Test func aNonAtomicSaveIsCaughtByAKillPartWay() throws {
        let result = try grade([("try data.write(to: bigURL, options: .atomic)", "try data.write(to: bigURL)")])
        let (found, failure) = try failure(result, "a crash mid-save leaves the old or the new file")
        #expect(failure.kind == .wrongValue)
        #expect(failure.actual?.contains("24000000 ×") == false, "a torn or missing file, not a whole one")
        let variation = try #require(found.variation)
        #expect(variation.seed == 5)
        #expect(variation.run.hasPrefix("repetition "))
        #expect(variation.detail?.contains("into saveBig") == true)
    }

    @Test func aCrashCaseMustFirstPassWithoutAKill() throws {
        let result = try grade([("try data.write(to: bigURL, options: .atomic)", "_ = data")])
        let (found, failure) = try failure(result, "a crash mid-save leaves the old or the new file")
        #expect(failure.kind == .wrongValue)
        #expect(failure.actual == #"{"state":"missing"}"#)
        #expect(found.variation?.run == "the run without a kill")
    }

    @Test func aFailingGeneratedInputIsShrunkToTheSmallest() throws {
        let result = try grade([("static func shout(_ text: String) -> String { text.uppercased() }",
                                 #"static func shout(_ text: String) -> String { text.contains("q") ? text : text.uppercased() }"#)])
        let (found, failure) = try failure(result, "shouting agrees with the reference")
        #expect(failure.step == .call(operation: "shout", arguments: .object(["text": .string("q")])))
        #expect(failure.step.description == #"call shout {"text":"q"}"#)
        #expect(failure.message == #"expected "Q", got "q""#)
        let variation = try #require(found.variation)
        #expect(variation.input == .object(["text": .string("q")]))
        #expect(variation.seed == 11)
        #expect(variation.originalInput != nil)
    }

    @Test func verifyDoesNotShrinkAndItsVerdictIsNotReusedByCheck() throws {
        let (course, workspace, exercise) = try GradingHarness.editedReference("03-documents", [(
            "static func shout(_ text: String) -> String { text.uppercased() }",
            #"static func shout(_ text: String) -> String { text.contains("q") ? text : text.uppercased() }"#)])
        // As `verify` grades: only whether the case fails matters.
        let quick = try #require(workspace.grader(.verify(jobs: 2)).grade([exercise])[0].cases.first { $0.name == "shouting agrees with the reference" })
        #expect(quick.status == .failed)
        #expect(quick.variation?.originalInput == nil)
        #expect(quick.variation?.input != .object(["text": .string("q")]))
        // As `check` grades afterwards, reusing verdicts: the unshrunk one is not taken for its own.
        let full = try #require(workspace.grader(.check(jobs: 2)).grade([exercise])[0].cases.first { $0.name == "shouting agrees with the reference" })
        #expect(full.variation?.input == .object(["text": .string("q")]))
        withExtendedLifetime(course) {}
    }

    @Test func anErrorsCodingPathIsCompared() throws {
        // Both decoding cases fail when the learner decodes pets' names as numbers' paths differ.
        let result = try grade([("struct Pet: Decodable { var name: String }", "struct Pet: Decodable { var name: String; var kind: String }")])
        let (_, failure) = try failure(result, "a bad pet is reported like the reference's")
        #expect(failure.kind == .wrongError)
        #expect(failure.message == "expected the error DecodingError.typeMismatch at pets[1].name, got DecodingError.keyNotFound at pets[0].kind")
    }
}
