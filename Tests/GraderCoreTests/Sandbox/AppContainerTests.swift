import Foundation
import Testing
@testable import GraderCore

/// A container is emptied and filled in place between case runs (its folder is the one a
/// waiting binary's sandbox binds as the app's home).
struct AppContainerTests {
    private func listing(_ root: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        return ((enumerator?.allObjects as? [String]) ?? []).sorted()
    }

    @Test func refillEmptiesInPlaceWhatTheAppLeftAndCopiesASavedContainer() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("containers-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: parent) }
        let container = try AppContainer.create(in: parent)
        let fresh = listing(container.directory)
        #expect(fresh == ["Documents", "Library", "Library/Application Support", "Library/Caches", "Library/Preferences", "tmp"])
        // What an app may leave: a file, a folder it made unreadable and unwritable, a file
        // without permissions, a link to outside, and the home itself without permissions.
        let documents = container.directory.appendingPathComponent("Documents")
        try Data("5".utf8).write(to: documents.appendingPathComponent("count"))
        let locked = documents.appendingPathComponent("locked/inner")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try Data().write(to: locked.appendingPathComponent("file"))
        chmod(locked.appendingPathComponent("file").path, 0)
        chmod(locked.path, 0)
        chmod(locked.deletingLastPathComponent().path, 0)
        try FileManager.default.createSymbolicLink(atPath: documents.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        let saved = parent.appendingPathComponent("saved")
        try container.save(to: saved)
        chmod(container.directory.path, 0)
        let inode = try FileManager.default.attributesOfItem(atPath: container.directory.path)[.systemFileNumber] as? Int

        try container.refill(from: nil)
        #expect(listing(container.directory) == fresh)
        #expect(try FileManager.default.attributesOfItem(atPath: container.directory.path)[.systemFileNumber] as? Int == inode,
                "the same folder, not a new one")
        #expect(FileManager.default.fileExists(atPath: "/etc/passwd"), "a link is removed, not what it points at")

        try container.refill(from: saved)
        chmod(saved.appendingPathComponent("Documents/locked").path, 0o755)
        chmod(saved.appendingPathComponent("Documents/locked/inner").path, 0o755)
        #expect(listing(container.directory).contains("Documents/count"))
        #expect(try String(contentsOf: documents.appendingPathComponent("count"), encoding: .utf8) == "5")
        try container.refill(from: nil)
        #expect(listing(container.directory) == fresh)
    }
}

extension AppContainerTests {
    @Test func refilledEmptyTheLayoutsFoldersAreKeptAsNewOnesWouldBe() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("containers-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: parent) }
        let container = try AppContainer.create(in: parent)
        let fresh = listing(container.directory)
        let documents = container.directory.appendingPathComponent("Documents")
        let library = container.directory.appendingPathComponent("Library")
        func inode(_ url: URL) throws -> Int? { try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int }
        let documentsInode = try inode(documents)
        // What an app may do to the layout: a mode of its own, a date of its own, an extended
        // attribute, a folder of its own inside, and Caches replaced by a file.
        try FileManager.default.createDirectory(at: documents.appendingPathComponent("mine"), withIntermediateDirectories: true)
        chmod(documents.path, 0o700)
        var old = [timeval(tv_sec: 86_400, tv_usec: 0), timeval(tv_sec: 86_400, tv_usec: 0)]
        utimes(documents.path, &old)
        let attribute = setxattrForTest(documents.path, "user.grader-test", "1")
        let caches = library.appendingPathComponent("Caches")
        try FileManager.default.removeItem(at: caches)
        try Data("x".utf8).write(to: caches)
        try Data("y".utf8).write(to: library.appendingPathComponent("extra"))

        try container.refill(from: nil)
        #expect(listing(container.directory) == fresh)
        #expect(try inode(documents) == documentsInode, "kept, not made again")
        var status = stat()
        #expect(lstat(documents.path, &status) == 0 && status.st_mode & 0o7777 == AppContainer.folderMode)
        #expect(status.st_mtim.tv_sec > 86_400 * 2, "modified now, not at the app's date")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: caches.path, isDirectory: &isFolder) && isFolder.boolValue, "a folder again")
        if attribute == 0 {
            #expect(!listxattrForTest(documents.path).contains("user.grader-test"), "no attribute the app set")
        }
    }
}

/// `setxattr` and `listxattr` for the test, through their addresses (Glibc does not import them).
private func setxattrForTest(_ path: String, _ name: String, _ value: String) -> Int32 {
    typealias Set = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer, Int, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setxattr") else { return -1 }
    return value.withCString { unsafeBitCast(symbol, to: Set.self)(path, name, $0, strlen($0), 0) }
}

private func listxattrForTest(_ path: String) -> [String] {
    typealias List = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>, Int) -> Int
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "listxattr") else { return [] }
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = buffer.withUnsafeMutableBufferPointer { unsafeBitCast(symbol, to: List.self)(path, $0.baseAddress!, 4096) }
    guard length > 0 else { return [] }
    return buffer[..<length].split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
}
