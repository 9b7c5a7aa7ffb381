import Foundation
import GraderCore

/// One kind of file a batch writes into its output folder, rendered from the ``BatchReport``
/// alone. Each format is one type behind this protocol; ``BatchOutputs`` lists them and writes
/// their files atomically.
public protocol BatchOutput: Sendable {
    /// The files this output makes, by path relative to the output folder (`gradebook.csv`,
    /// `feedback/12345.md`).
    func files(for report: BatchReport) throws -> [(path: String, data: Data)]
}

/// The outputs every batch writes, and the one place they are written.
public enum BatchOutputs {
    /// What `grader batch` writes: the JSON report, the gradebook, then every format of
    /// ``BatchFormats`` (feedback, JUnit, Gradescope, Exercism, the class summary).
    public static func standard(course: Course) -> [any BatchOutput] {
        [JSONBatchOutput(), GradebookCSV()] + BatchFormats.all(course: course).map { $0 as any BatchOutput }
    }

    /// Writes every file of `outputs` into `folder`, each by writing a temporary file and
    /// renaming it over the old one, so that a reader (or a killed batch) never sees half a file.
    /// - Returns: the paths written, relative to `folder`.
    @discardableResult
    public static func write(_ report: BatchReport, outputs: [any BatchOutput], to folder: URL) throws -> [String] {
        var written: [String] = []
        for output in outputs {
            for (path, data) in try output.files(for: report) {
                guard let safe = SubmissionFiles.safePath(path) else {
                    throw GraderError.io("an output asked to write \(path), outside \(folder.path)")
                }
                let url = folder.appendingPathComponent(safe)
                do {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try data.write(to: url, options: .atomic)
                } catch {
                    throw GraderError.io("cannot write \(url.path): \(error.localizedDescription)")
                }
                written.append(safe)
            }
        }
        return written
    }
}
