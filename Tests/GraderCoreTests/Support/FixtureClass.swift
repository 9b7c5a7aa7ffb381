import Foundation
import ZIPFoundation

/// A class of submissions written for a test into a temporary folder, in every form
/// `grader batch` reads; removed when the value goes.
final class FixtureClass {
    /// `class/` inside a folder of its own, so that a test can see what lands just outside it.
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("class-\(UUID().uuidString)/class")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
    }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// Writes `files` (path → text) under `folder`.
    func folder(_ folder: String, _ files: [String: String]) throws {
        for (path, text) in files {
            let url = url(folder).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A copy of the fixture course (a student's whole course copy), with `files` over it.
    func courseCopy(_ folder: String, _ files: [String: String] = [:]) throws {
        try FileManager.default.copyItem(at: Fixtures.course, to: url(folder))
        try self.folder(folder, files)
    }

    /// A zip holding `files` (path → text), entry paths written as given (`../x` included).
    func zip(_ name: String, _ files: [(String, String)]) throws {
        try FileManager.default.createDirectory(at: url(name).deletingLastPathComponent(), withIntermediateDirectories: true)
        let archive = try Archive(url: url(name), accessMode: .create)
        for (path, text) in files {
            let data = Data(text.utf8)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count)) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }

    /// A .tar.gz made by the system's `tar` from the folder `folder` (then removed).
    func tarball(_ name: String, of folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tar", "czf", url(name).path, "-C", url(folder).path, "."]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        try FileManager.default.removeItem(at: url(folder))
    }

    /// A hash of every file under `folder` but `.grader/`, to prove nothing was changed.
    static func treeDigest(_ folder: URL) -> [String: Data] {
        var digest: [String: Data] = [:]
        let root = folder.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let path = String(url.standardizedFileURL.path.dropFirst(root.count + 1))
            if path.hasPrefix(".grader") { enumerator?.skipDescendants(); continue }
            if let data = FileManager.default.contents(atPath: url.path) { digest[path] = data }
        }
        return digest
    }
}
