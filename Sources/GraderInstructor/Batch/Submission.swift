import Foundation
import GraderCore

/// One student's submission as the instructor handed it to `grader batch`: where it is, what
/// form it has, and who it belongs to.
public struct Submission: Sendable, Hashable {
    /// How the submission's files are stored.
    public enum Form: Sendable, Hashable {
        /// A folder: a copy of the course, or exercise folders in the course layout.
        case folder
        /// A `.zip` archive.
        case zip
        /// A `.tar.gz` (or `.tgz`) archive.
        case tarball
    }

    /// The student's identifier: an LMS participant number, or the file or folder name.
    public var id: String
    /// The student's full name when known (a Moodle folder name, the roster).
    public var name: String?
    public var location: URL
    /// The location as the instructor named it, for reports (`class/ana.zip`).
    public var source: String
    public var form: Form

    public init(id: String, name: String?, location: URL, source: String, form: Form) {
        self.id = id
        self.name = name
        self.location = location
        self.source = source
        self.form = form
    }

    /// The form of an archive named `name`, nil when it is not one `grader batch` reads.
    static func archiveForm(of name: String) -> Form? {
        let lower = name.lowercased()
        if lower.hasSuffix(".zip") { return .zip }
        if lower.hasSuffix(".tar.gz") || lower.hasSuffix(".tgz") { return .tarball }
        return nil
    }

    /// `ana.tar.gz` → `ana`.
    static func stem(of name: String) -> String {
        for suffix in [".tar.gz", ".tgz", ".zip"] where name.lowercased().hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }
}
