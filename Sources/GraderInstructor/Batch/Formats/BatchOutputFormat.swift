import Foundation
import GraderCore

/// One of the batch's output formats: a pure function from the graded submissions to files.
///
/// Each format renders ``OutputFile`` values (a path relative to the batch's output folder and
/// its bytes), so tests read what it would write without touching the disk; ``write(_:to:)``
/// puts them there, each file atomically (a reader never sees half of one).
public protocol BatchOutputFormat: BatchOutput {
    /// The files this format makes of the class's reports.
    func render(_ reports: [StudentReport]) throws -> [OutputFile]
}

/// A file an output format makes, relative to the batch's output folder.
public struct OutputFile: Sendable, Hashable {
    /// Such as `feedback/12345.md`; always made of ``StudentFileName`` components.
    public var path: String
    public var contents: Data

    public init(path: String, contents: Data) {
        self.path = path
        self.contents = contents
    }

    public init(path: String, text: String) {
        self.init(path: path, contents: Data(text.utf8))
    }
}

extension BatchOutputFormat {
    /// What `grader batch` writes of this format: its files for the batch's students.
    public func files(for report: BatchReport) throws -> [(path: String, data: Data)] {
        try render(report.students.map(\.report)).map { ($0.path, $0.contents) }
    }

    /// Writes every file of ``render(_:)`` under `directory`, creating folders as needed.
    ///
    /// - Returns: the files written, in the order rendered.
    /// - Throws: ``GraderError`` naming the file that could not be written.
    @discardableResult
    public func write(_ reports: [StudentReport], to directory: URL) throws -> [URL] {
        try render(reports).map { file in
            let url = directory.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: url, options: .atomic)
            } catch {
                throw GraderError.io("could not write \(url.path): \(error.localizedDescription)")
            }
            return url
        }
    }
}
