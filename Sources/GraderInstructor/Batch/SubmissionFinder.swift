import Foundation
import GraderCore

/// Turns what the instructor named on the command line into one ``Submission`` per student.
///
/// Each argument is one of:
/// - an archive (`.zip`, `.tar.gz`, `.tgz`): one student, named after the file (or, for a
///   Canvas file name, its user id);
/// - an LMS "download all" folder: a folder whose entries are named as Moodle or Canvas name
///   them (``LMSLayout``): one student per Moodle folder, per Canvas user;
/// - any other folder: one student's copy of the course or of some exercise folders, named
///   after the folder (or, for a Moodle folder name, its participant number).
public struct SubmissionFinder: Sendable {
    public var roster: Roster?

    public init(roster: Roster? = nil) {
        self.roster = roster
    }

    /// What the search found: the submissions in identifier order, and what it left out.
    public struct Found: Sendable {
        public var submissions: [Submission]
        /// Entries of LMS folders that are not submissions, as sentences.
        public var skipped: [String]
    }

    /// Finds the submissions in `arguments`, paths as the instructor wrote them.
    /// - Throws: ``GraderError/io(_:)`` when a path does not exist, or two submissions have one identifier.
    public func find(_ arguments: [String], currentDirectory: URL) throws -> Found {
        var submissions: [Submission] = []
        var skipped: [String] = []
        for argument in arguments {
            let url = (argument.hasPrefix("/") ? URL(fileURLWithPath: argument)
                : currentDirectory.appendingPathComponent(argument)).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw GraderError.io("no submission at \(argument): give folders, .zip or .tar.gz files, or an LMS download folder.")
            }
            if !isDirectory.boolValue {
                guard let form = Submission.archiveForm(of: url.lastPathComponent) else {
                    throw GraderError.io("\(argument) is neither a folder nor a .zip or .tar.gz archive.")
                }
                submissions.append(archive(url, source: argument, form: form))
            } else if let lms = try lmsSubmissions(in: url, source: argument) {
                submissions += lms.submissions
                skipped += lms.skipped
            } else {
                let moodle = LMSLayout.moodle(url.lastPathComponent)
                submissions.append(Submission(id: moodle?.id ?? url.lastPathComponent, name: moodle?.name,
                                              location: url, source: argument, form: .folder))
            }
        }
        submissions = submissions.map(applyingRoster)
        let byID = Dictionary(grouping: submissions, by: \.id)
        if let clash = byID.values.first(where: { $0.count > 1 }) {
            throw GraderError.io("two submissions have the identifier \(clash[0].id): \(clash.map(\.source).joined(separator: " and ")). Rename one, or grade them in separate batches.")
        }
        return Found(submissions: submissions.sorted { $0.id < $1.id }, skipped: skipped)
    }

    private func archive(_ url: URL, source: String, form: Submission.Form) -> Submission {
        let canvas = LMSLayout.canvas(url.lastPathComponent)
        return Submission(id: canvas?.id ?? Submission.stem(of: url.lastPathComponent), name: canvas?.name,
                          location: url, source: source, form: form)
    }

    /// The submissions of a Moodle or Canvas download folder; nil when `folder` is not one.
    private func lmsSubmissions(in folder: URL, source: String) throws -> Found? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
        var moodle: [Submission] = []
        var canvas: [String: (Submission, LMSLayout.Match)] = [:]
        var skipped: [String] = []
        for entry in entries where !entry.hasPrefix(".") {
            let url = folder.appendingPathComponent(entry)
            let path = source.hasSuffix("/") ? source + entry : source + "/" + entry
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if isDirectory.boolValue, let match = LMSLayout.moodle(entry) {
                // A student who uploaded one archive: Moodle puts it alone in their folder.
                let inside = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { !$0.hasPrefix(".") }
                if inside.count == 1, let form = Submission.archiveForm(of: inside[0]) {
                    moodle.append(Submission(id: match.id, name: match.name, location: url.appendingPathComponent(inside[0]),
                                             source: path + "/" + inside[0], form: form))
                } else {
                    moodle.append(Submission(id: match.id, name: match.name, location: url, source: path, form: .folder))
                }
            } else if !isDirectory.boolValue, let match = LMSLayout.canvas(entry) {
                guard let form = Submission.archiveForm(of: entry) else {
                    skipped.append("\(path): a Canvas upload that is not a .zip or .tar.gz archive; ask students to upload one archive")
                    continue
                }
                let submission = Submission(id: match.id, name: match.name, location: url, source: path, form: form)
                if let earlier = canvas[match.id] {
                    // Canvas keeps every upload; the higher file id is the later one.
                    let (kept, dropped) = earlier.1.order > match.order ? (earlier, (submission, match)) : ((submission, match), earlier)
                    skipped.append("\(dropped.0.source): an earlier upload of student \(match.id) than \(kept.0.source)")
                    canvas[match.id] = kept
                } else {
                    canvas[match.id] = (submission, match)
                }
            } else {
                skipped.append("\(path): not named as Moodle or Canvas name submissions")
            }
        }
        guard !moodle.isEmpty || !canvas.isEmpty else { return nil }
        return Found(submissions: moodle + canvas.values.map(\.0), skipped: skipped)
    }

    /// The roster's name for the submission's identifier, or the roster's identifier for the
    /// submission's name (a Canvas or Moodle name given instead of a roster id).
    private func applyingRoster(_ submission: Submission) -> Submission {
        guard let roster else { return submission }
        var submission = submission
        if let name = roster.names[submission.id] {
            submission.name = name
        } else if let name = submission.name, let id = roster.id(named: name) {
            submission.id = id
            submission.name = roster.names[id]
        }
        return submission
    }
}
