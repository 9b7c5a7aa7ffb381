import Foundation
import GraderCore

/// What a submission holds, read safely: the files that may be learner files (copied out of
/// an archive into a staging folder, or where they lie in a folder), and every other entry by
/// name.
struct SubmissionFiles: Sendable {
    /// Relative path inside the submission → the file's content on disk.
    var candidates: [String: URL] = [:]
    /// Relative paths of the entries that are not candidates (ignored, reported in `notes`).
    var ignored: [String] = []
    /// Entries refused for safety (a link, a path leaving the archive, a file over the size
    /// limit), as sentences.
    var refused: [String] = []

    /// The bounds on what is read from one submission, so that an archive bomb or a huge file
    /// is refused rather than filling the disk.
    struct Limits: Sendable {
        /// The largest learner file taken.
        var fileBytes = 1 << 20
        /// The most entries read from one archive or folder.
        var entries = 50_000
        /// The most bytes decompressed from one tarball (gzip must inflate the whole stream).
        var unpackedBytes = 512 << 20
    }

    /// `entry` as a safe relative path: no absolute path, no `..`, no empty name; nil otherwise.
    static func safePath(_ entry: String) -> String? {
        let parts = entry.replacingOccurrences(of: "\\", with: "/").split(separator: "/", omittingEmptySubsequences: true)
            .filter { $0 != "." }
        guard !entry.hasPrefix("/"), !parts.isEmpty, !parts.contains("..") else { return nil }
        return parts.joined(separator: "/")
    }
}
