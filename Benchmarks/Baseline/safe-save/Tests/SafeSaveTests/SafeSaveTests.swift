import Foundation
import XCTest
@testable import SafeSave

/// The visible cases of Exercises/02-file-paths/05-safe-save/exercise.yml that one process can
/// run. Where a case relaunches or kills the app, a new `DocumentStore` takes over, as the next
/// launch's store would. The case "a crash in the middle of a save leaves the old or the new
/// document" (`kill_during`) needs a process to kill and is left out.
///
/// The tests use the real Documents folder (created when missing, as an app container has it):
/// each removes `drawing.sketch` first, compares the folder's names with what was there before
/// instead of expecting it to be empty, and removes whatever it added (a solution's leftover
/// temporary files too).
final class SafeSaveTests: XCTestCase {
    private let fileName = "drawing.sketch"
    private var documents: URL { FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0] }
    private var createdDocuments = false
    private var namesBefore: Set<String> = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        if !FileManager.default.fileExists(atPath: documents.path) {
            try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
            createdDocuments = true
        }
        try? FileManager.default.removeItem(at: documents.appendingPathComponent(fileName))
        namesBefore = try names()
    }

    override func tearDownWithError() throws {
        for name in ((try? names()) ?? []).subtracting(namesBefore) {
            try? FileManager.default.removeItem(at: documents.appendingPathComponent(name))
        }
        if createdDocuments, (try? names())?.isEmpty == true {
            try? FileManager.default.removeItem(at: documents)
        }
        try super.tearDownWithError()
    }

    private func names() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: documents.path))
    }

    /// What the driver reports for a document: its length, and its byte when all are the same.
    private func summary(_ data: Data?) -> (length: Int, fill: UInt8?)? {
        guard let data else { return nil }
        guard let first = data.first else { return (0, nil) }
        return (data.count, data == Data(repeating: first, count: data.count) ? first : nil)
    }

    private func assertDocument(_ store: DocumentStore, length: Int, fill: UInt8,
                                file: StaticString = #filePath, line: UInt = #line) throws {
        let loaded = summary(try store.load())
        XCTAssertEqual(loaded?.length, length, "length", file: file, line: line)
        XCTAssertEqual(loaded?.fill, fill, "fill", file: file, line: line)
    }

    private func fileSize() throws -> Int? {
        let attributes = try FileManager.default.attributesOfItem(atPath: documents.appendingPathComponent(fileName).path)
        return (attributes[.size] as? NSNumber)?.intValue
    }

    // case "nothing is saved yet"
    func testNothingIsSavedYet() throws {
        XCTAssertNil(try DocumentStore(fileName: fileName).load())
    }

    // case "a saved document survives a relaunch" (the relaunch: a new store)
    func testASavedDocumentSurvivesARelaunch() throws {
        let store = DocumentStore(fileName: fileName)
        try store.save(Data(repeating: 65, count: 1000))
        try assertDocument(store, length: 1000, fill: 65)
        try assertDocument(DocumentStore(fileName: fileName), length: 1000, fill: 65)
        // container: Documents/drawing.sketch is a file of 1000 bytes
        XCTAssertEqual(try fileSize(), 1000)
    }

    // case "a new save replaces the document and leaves nothing else behind"
    func testANewSaveReplacesTheDocumentAndLeavesNothingElseBehind() throws {
        try DocumentStore(fileName: fileName).save(Data(repeating: 65, count: 5_000_000))
        let second = DocumentStore(fileName: fileName)
        try second.save(Data(repeating: 66, count: 7_000_000))
        try assertDocument(second, length: 7_000_000, fill: 66)
        try assertDocument(DocumentStore(fileName: fileName), length: 7_000_000, fill: 66)
        // container: Documents holds exactly [drawing.sketch] (here: nothing besides what was there)
        XCTAssertEqual(try names(), namesBefore.union([fileName]))
        XCTAssertEqual(try fileSize(), 7_000_000)
    }

    // case "a smaller save replaces a bigger document" (the kill: a new store)
    func testASmallerSaveReplacesABiggerDocument() throws {
        let store = DocumentStore(fileName: fileName)
        try store.save(Data(repeating: 65, count: 3_000_000))
        try store.save(Data(repeating: 67, count: 1000))
        try assertDocument(DocumentStore(fileName: fileName), length: 1000, fill: 67)
        // container: Documents is a directory, compared with the reference's: [drawing.sketch]
        XCTAssertEqual(try names(), namesBefore.union([fileName]))
    }
}
