import Foundation
import GraderCore
import ZIPFoundation

/// Reads a submission's files without trusting it: folders are walked without following
/// links; archives are read entry by entry, only candidate learner files are ever written
/// (under a staging folder, at a checked relative path), links are never created, and sizes are
/// bounded. A broken archive is a ``SubmissionReader/Problem``, which the batch reports as that
/// student's result.
struct SubmissionReader: Sendable {
    /// The names of the files a learner writes (`Solution.swift`, …): only these are taken.
    var wanted: Set<String>
    var limits = SubmissionFiles.Limits()

    /// Why a submission could not be read at all.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    func read(_ submission: Submission, staging: URL) throws -> SubmissionFiles {
        switch submission.form {
        case .folder: return try readFolder(submission.location)
        case .zip: return try readZip(submission.location, staging: staging)
        case .tarball:
            return try TarballReader(wanted: wanted, limits: limits).read(submission.location, staging: staging)
        }
    }

    func isWanted(_ path: String) -> Bool {
        wanted.contains(URL(fileURLWithPath: path).lastPathComponent)
    }

    private func readFolder(_ folder: URL) throws -> SubmissionFiles {
        var files = SubmissionFiles()
        let keys: [URLResourceKey] = [.isSymbolicLinkKey, .isRegularFileKey, .isDirectoryKey, .fileSizeKey]
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys) else {
            throw Problem(description: "the folder \(folder.path) cannot be read")
        }
        let root = folder.standardizedFileURL.path
        var count = 0
        for case let url as URL in enumerator {
            count += 1
            guard count <= limits.entries else {
                throw Problem(description: "it holds more than \(limits.entries) files")
            }
            let path = String(url.standardizedFileURL.path.dropFirst(root.count + 1))
            let values = try? url.resourceValues(forKeys: Set(keys))
            // Build products and caches a student's course copy may carry: not worth listing.
            if values?.isDirectory == true, [".build", ".grader", ".git", ".swiftpm"].contains(url.lastPathComponent) {
                enumerator.skipDescendants()
                continue
            }
            if values?.isSymbolicLink == true {
                files.refused.append("\(path) is a symbolic link, which is never followed")
            } else if values?.isRegularFile == true {
                if !isWanted(path) {
                    files.ignored.append(path)
                } else if (values?.fileSize ?? 0) > limits.fileBytes {
                    files.refused.append("\(path) is larger than \(limits.fileBytes / 1024) KiB")
                } else {
                    files.candidates[path] = url
                }
            }
        }
        return files
    }

    private func readZip(_ url: URL, staging: URL) throws -> SubmissionFiles {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw Problem(description: "the .zip archive cannot be opened (\(error)); it may be damaged or not a zip file")
        }
        var files = SubmissionFiles()
        var count = 0
        for entry in archive {
            count += 1
            guard count <= limits.entries else { throw Problem(description: "the archive holds more than \(limits.entries) entries") }
            // macOS's Finder adds these to every zip it makes.
            if entry.path.hasPrefix("__MACOSX/") || entry.path.hasSuffix(".DS_Store") { continue }
            guard let path = SubmissionFiles.safePath(entry.path) else {
                files.refused.append("\(entry.path) would be written outside the submission's folder")
                continue
            }
            switch entry.type {
            case .directory: continue
            case .symlink:
                files.refused.append("\(path) is a symbolic link, which is never followed")
            case .file:
                guard isWanted(path) else {
                    files.ignored.append(path)
                    continue
                }
                guard entry.uncompressedSize <= UInt64(limits.fileBytes) else {
                    files.refused.append("\(path) is larger than \(limits.fileBytes / 1024) KiB")
                    continue
                }
                var content = Data()
                do {
                    _ = try archive.extract(entry, skipCRC32: false) { chunk in
                        content.append(chunk)
                        // The stated size may lie: stop reading past the limit.
                        if content.count > self.limits.fileBytes { throw Problem(description: "\(path) is larger than stated") }
                    }
                } catch {
                    throw Problem(description: "the entry \(path) of the .zip archive cannot be read (\(error))")
                }
                files.candidates[path] = try Self.stage(content, path: path, in: staging)
            }
        }
        return files
    }

    /// Writes `content` at `path` under `staging` (a path already checked by ``SubmissionFiles/safePath(_:)``).
    static func stage(_ content: Data, path: String, in staging: URL) throws -> URL {
        let destination = staging.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: destination)
        } catch {
            throw GraderError.io("cannot write \(destination.path): \(error.localizedDescription)")
        }
        return destination
    }
}
