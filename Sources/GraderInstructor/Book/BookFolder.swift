import Foundation
import GraderCore

/// The folder a book is written into. A book leaves a marker file there, `.grader-book`, listing
/// the files it wrote: a folder holding one is a previous book, which the next build replaces
/// (removing the pages the course no longer has, and nothing else). Any other folder that is
/// not empty is refused unless forced, so that `--out` never writes over someone's files by
/// mistake; forced, the book's files replace files of the same name and the rest stays.
struct BookFolder {
    static let markerName = ".grader-book"

    /// What the marker holds.
    struct Marker: Codable {
        var format = 1
        var generator = "grader book"
        /// The book's files, relative to the folder.
        var files: [String]
    }

    let url: URL

    /// The files of the previous book in the folder (empty for a new or empty folder).
    /// - Throws: ``GraderError/io(_:)`` when the folder is a file, or holds files that are not a
    ///   book's and `force` is false.
    func previousFiles(force: Bool) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else {
            throw GraderError.io("\(url.path) is a file, not a folder: choose a folder for the book with --out")
        }
        let marker = url.appendingPathComponent(Self.markerName)
        if FileManager.default.fileExists(atPath: marker.path) {
            // A marker that cannot be read still says the folder is a book: its files are then
            // replaced as they are written again, and none is removed.
            return (try? JSONDecoder().decode(Marker.self, from: Data(contentsOf: marker)).files) ?? []
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        if !entries.isEmpty && !force {
            throw GraderError.io("\(url.path) is not empty and holds no book written by `grader book` (no \(Self.markerName) file in it): choose an empty or new folder, or pass --force to write the book into it (files of the same name are replaced, the others are kept)")
        }
        return []
    }

    /// Writes `files` (each atomically), removes the files of the previous book that are not
    /// written again, and records the new list in the marker.
    func write(_ files: [(path: String, data: Data)], replacing previous: [String]) throws {
        let paths = files.map(\.path)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            // The marker lists both books while the files change, so that an interrupted build
            // leaves a folder the next one still recognises and cleans.
            try writeMarker(Array(Set(previous).union(paths)).sorted())
            for (path, data) in files {
                let file = url.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file, options: .atomic)
            }
            for stale in Set(previous).subtracting(paths) where Self.isInside(stale) {
                try? FileManager.default.removeItem(at: url.appendingPathComponent(stale))
                removeEmptyFolders(above: stale)
            }
            try writeMarker(paths.sorted())
        } catch let error as GraderError {
            throw error
        } catch {
            throw GraderError.io("cannot write the book into \(url.path): \(error.localizedDescription)")
        }
    }

    private func writeMarker(_ files: [String]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(Marker(files: files)).write(to: url.appendingPathComponent(Self.markerName), options: .atomic)
    }

    /// A listed path stays inside the folder: a marker edited by hand cannot remove other files.
    private static func isInside(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.split(separator: "/").contains { $0 == ".." || $0 == "." } && path != markerName
    }

    private func removeEmptyFolders(above path: String) {
        var folder = url.appendingPathComponent(path).deletingLastPathComponent().standardizedFileURL
        let root = url.standardizedFileURL.path
        while folder.path.hasPrefix(root + "/"),
              (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: folder)
            folder = folder.deletingLastPathComponent()
        }
    }
}
