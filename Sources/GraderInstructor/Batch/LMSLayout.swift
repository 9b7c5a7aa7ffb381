import Foundation
import GraderCore

/// The names learning platforms give submissions in their "download all submissions" folder
/// (`Docs/batch.md`).
///
/// - Moodle: one folder per submission, `Full Name_12345_assignsubmission_file_`, where 12345
///   is the participant's number and `file` the submission plugin.
/// - Canvas: one file per uploaded file, `name_12345_67890_original.zip` (or
///   `name_LATE_12345_67890_original.zip`), where `name` is the student's sortable name in lower
///   case, 12345 the student's Canvas user id and 67890 the file's id.
enum LMSLayout {
    struct Match: Equatable {
        var id: String
        var name: String?
        /// Canvas's file id: the higher of two files of one student is the later upload.
        var order: Int
    }

    private static let moodle = try! NSRegularExpression(pattern: #"^(.+)_([0-9]+)_assignsubmission_[A-Za-z]+_?$"#)
    private static let canvas = try! NSRegularExpression(pattern: #"^([^_]+)(?:_late)?_([0-9]+)_([0-9]+)_(.+)$"#,
                                                         options: [.caseInsensitive])

    /// The Moodle folder name's participant number and full name.
    static func moodle(_ name: String) -> Match? {
        guard let groups = match(moodle, name) else { return nil }
        return Match(id: groups[1], name: groups[0], order: 0)
    }

    /// The Canvas file name's user id and the name Canvas wrote (its sortable name, squeezed).
    static func canvas(_ name: String) -> Match? {
        guard let groups = match(canvas, name) else { return nil }
        return Match(id: groups[1], name: groups[0], order: Int(groups[2]) ?? 0)
    }

    private static func match(_ expression: NSRegularExpression, _ text: String) -> [String]? {
        guard let found = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (1..<found.numberOfRanges).map { index in
            Range(found.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }
}
