import Foundation

/// What of the instructor's course goes into a student handout, and the copying itself.
///
/// Everything is chosen by name (an allowlist), so that a folder added to the course later is
/// left out until someone decides it belongs to students. Docs/handout.md gives the reasons.
enum HandoutContents {
    /// Files at the top of the course that ship as they are (`Package.swift` ships with
    /// ``packageFooter`` added).
    static let topFiles = ["Package.swift", "README.md", "grader.yml", ".gitignore"]
    /// Folders at the top of the course that ship whole: the grader's and runtime's sources,
    /// setup scripts, lessons, shared resources, documentation.
    static let topFolders = ["Sources", "Scripts", "Lessons", "Resources", "Docs"]
    /// Files of an exercise folder that ship besides its learner files (its starters):
    /// the statement, the driver; `exercise.yml` ships without its hidden cases.
    static let exerciseFiles = ["README.md", "Driver.swift"]
    /// Top-level keys of `exercise.yml` a handout leaves out: the generated mutants no case
    /// catches, named after the reference's lines and explained by its code; the requirements,
    /// which name hidden cases and the mutants a handout does not ship.
    static let withheldKeys: Set<String> = ["equivalent_mutants", "equivalent_mutants_reviewed", "requirements"]
    /// Names never copied, wherever they are: build products, caches, version control.
    static let neverCopied: Set<String> = [".git", ".build", ".grader", ".swiftpm", ".DS_Store"]

    /// The course's `.gitignore` without the pattern that keeps the learner's `progress.json`
    /// out of the instructor's repository, nor the comment lines right above it: students
    /// commit their progress (Docs/progress.md).
    static func ignoringProgress(_ text: String) -> String {
        var kept: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let pattern = line.trimmingCharacters(in: .whitespaces)
            guard pattern == "/progress.json" || pattern == "progress.json" else {
                kept.append(line)
                continue
            }
            while let last = kept.last, last.hasPrefix("#") { kept.removeLast() }
        }
        return kept.joined(separator: "\n")
    }

    /// Appended to the handout's `Package.swift`: the test and benchmark targets' folders are
    /// not in the handout (they hold references, mutants and hidden cases), and SwiftPM refuses
    /// a package whose targets' folders are missing.
    static let packageFooter = """

        // A student handout (`grader pack --student`, Docs/handout.md) has no Tests/ or Benchmarks/:
        // they hold the course's references, mutants and hidden cases.
        package.targets.removeAll { $0.type == .test || ($0.path ?? "").hasPrefix("Benchmarks/") }

        """

    /// Copies `source` (a file or a folder and all it holds) to `destination`, keeping file
    /// permissions (scripts stay executable).
    /// - Throws: ``GraderError/packRefused(_:)`` for a symbolic link, which could point at a
    ///   reference or a case file; ``GraderError/io(_:)`` when the copy fails.
    static func copy(_ source: URL, to destination: URL, displayPath: String) throws {
        let fm = FileManager.default
        let type = (try? fm.attributesOfItem(atPath: source.path))?[.type] as? FileAttributeType
        switch type {
        case .typeSymbolicLink?:
            throw GraderError.packRefused("\(displayPath) is a symbolic link; a handout holds copies of files only. "
                + "Replace it with the file it points to, or move it out of the course")
        case .typeDirectory?:
            try createFolder(destination)
            let names = ((try? fm.contentsOfDirectory(atPath: source.path)) ?? []).sorted()
            for name in names where !neverCopied.contains(name) {
                try copy(source.appendingPathComponent(name), to: destination.appendingPathComponent(name),
                         displayPath: "\(displayPath)/\(name)")
            }
        case .typeRegular?:
            do {
                try fm.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fm.copyItem(at: source, to: destination)
            } catch {
                throw GraderError.io("cannot copy \(displayPath) into the handout: \(error.localizedDescription)")
            }
        default:
            throw GraderError.packRefused("\(displayPath) is neither a file nor a folder")
        }
    }

    static func createFolder(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw GraderError.io("cannot create \(url.path): \(error.localizedDescription)")
        }
    }

    /// `text` (`Exercises/README.md`) with its table of requirements, markers included, replaced
    /// by a sentence saying where it is: the table names hidden cases and mutants.
    static func withoutRequirementTable(_ text: String) -> String {
        guard let begin = text.range(of: Requirement.tableBegin),
              let end = text.range(of: Requirement.tableEnd, range: begin.upperBound..<text.endIndex) else { return text }
        return text[..<begin.lowerBound] + "(The table of requirements, their cases and mutants is in the instructor's course: it names hidden cases.)"
            + text[end.upperBound...]
    }

    static func write(_ data: Data, to url: URL) throws {
        do {
            try createFolder(url.deletingLastPathComponent())
            try data.write(to: url)
        } catch let error as GraderError {
            throw error
        } catch {
            throw GraderError.io("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    /// The names in `folder`, without those never copied; empty when it cannot be read.
    static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !neverCopied.contains($0) }.sorted()
    }

    /// Every regular file below `folder`, as paths relative to it.
    static func files(below folder: URL) -> [String] {
        let root = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true }
            .map { String($0.standardizedFileURL.path.dropFirst(root.count + 1)) }
            .sorted()
    }
}
