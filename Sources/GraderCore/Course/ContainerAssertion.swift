import ExerciseKit
import Foundation

/// A check on the app container after a case's steps: what the solution left on disk.
public struct ContainerAssertion: Sendable, Hashable, Codable {
    /// The path inside the container, such as `Documents/agenda.plist`.
    public var path: String
    public var kind: Kind
    /// The expected content: a property list or JSON document's value, a directory's listing
    /// (sorted names, folders ending in `/`) or a text file's text. Nil compares `plist`,
    /// `json` and `directory` with the reference's container, and checks only existence for `file`.
    public var equals: JSONValue?
    public var minSize: Int?
    public var maxSize: Int?
    public var options: ComparisonOptions
    /// For `sqlite`: a read-only query whose rows (lists in column order) are compared with
    /// `equals`, or with the reference container's rows when `equals` is nil.
    public var query: String?
    /// For `sqlite`: the `PRAGMA user_version` the database must have.
    public var userVersion: Int?
    /// Compared with the reference's container, where the reference left nothing at the path
    /// the solution must leave nothing either (an exploration's checks: whether a file exists
    /// depends on the sequence). Otherwise a missing reference file is a problem of the course.
    public var absentLikeReference: Bool?

    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Nothing at the path.
        case absent
        /// A regular file.
        case file
        /// A folder.
        case directory
        /// A property list, XML or binary.
        case plist
        /// A property list in the XML format.
        case xmlPlist = "xml-plist"
        /// A property list in the binary format.
        case binaryPlist = "binary-plist"
        /// A JSON document.
        case json
        /// A SQLite database whose `PRAGMA integrity_check` is ok.
        case sqlite
    }

    /// Whether this assertion needs the reference's container to compare with.
    public var comparesWithReference: Bool {
        guard equals == nil else { return false }
        switch kind {
        case .plist, .xmlPlist, .binaryPlist, .json, .directory: return true
        case .sqlite: return query != nil
        case .absent, .file: return false
        }
    }
}
