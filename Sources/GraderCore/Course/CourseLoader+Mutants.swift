import Foundation

/// Reading an exercise's `Mutants/` folder: each mutant's form and its header lines.
extension CourseLoader {
    /// The exercise's hand-written mutants, in name order; a file that is no mutant, a
    /// whole-file mutant of an exercise with several learner files, a malformed mutant folder
    /// and an empty header line are `problems`.
    func mutants(
        in directory: URL, learnerFiles: [String], displayPath: String, problems: inout [CourseProblem]
    ) -> [Mutant] {
        let fm = FileManager.default
        let folder = directory.appendingPathComponent("Mutants")
        let entries = ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        var mutants: [Mutant] = []
        for entry in entries {
            let url = folder.appendingPathComponent(entry)
            if let reason = NameRules.fileNameProblem(entry) {
                problems.append(CourseProblem(file: "\(displayPath)/Mutants/\(entry.debugDescription.dropFirst().dropLast())",
                                              message: "a mutant's name is its file's: \(reason)"))
                continue
            }
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                if let mutant = folderMutant(entry, at: url, learnerFiles: learnerFiles, displayPath: displayPath, problems: &problems) {
                    mutants.append(mutant)
                }
            } else if entry.hasSuffix(".patch") {
                let header = mutantHeader(url, style: .patch, displayPath: "\(displayPath)/Mutants/\(entry)", problems: &problems)
                mutants.append(Mutant(name: String(entry.dropLast(6)), form: .patch(url), summary: header.summary, hint: header.hint))
            } else if entry.hasSuffix(".swift") {
                guard learnerFiles.count == 1 else {
                    problems.append(CourseProblem(
                        file: "\(displayPath)/Mutants/\(entry)",
                        message: "a whole-file mutant needs an exercise with one learner file; write Mutants/\(entry.dropLast(6)).patch instead"))
                    continue
                }
                let header = mutantHeader(url, style: .swift, displayPath: "\(displayPath)/Mutants/\(entry)", problems: &problems)
                mutants.append(Mutant(name: String(entry.dropLast(6)), form: .file(url), summary: header.summary, hint: header.hint))
            } else {
                problems.append(CourseProblem(file: "\(displayPath)/Mutants/\(entry)",
                                              message: "a mutant is a .patch (a diff -u against Reference/) or a .swift file"))
            }
        }
        return mutants
    }

    /// `Mutants/NAME/`: `Resources/`, with `NAME.swift`, `NAME.patch` or neither, and a
    /// `README.md` holding its header lines.
    private func folderMutant(
        _ name: String, at url: URL, learnerFiles: [String], displayPath: String, problems: inout [CourseProblem]
    ) -> Mutant? {
        let fm = FileManager.default
        let place = "\(displayPath)/Mutants/\(name)/"
        let entries = ((try? fm.contentsOfDirectory(atPath: url.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        let resources = url.appendingPathComponent("Resources")
        let links = Self.linkProblems(below: resources, displayPath: place + "Resources")
        if !links.isEmpty {
            problems += links
            return nil
        }
        let hasResources = entries.contains("Resources") && !BundleResources.files(below: resources).isEmpty
        var form = Mutant.Form.reference
        for entry in entries where entry != "Resources" && entry != "README.md" {
            switch entry {
            case "\(name).swift" where learnerFiles.count == 1: form = .file(url.appendingPathComponent(entry))
            case "\(name).patch": form = .patch(url.appendingPathComponent(entry))
            default:
                problems.append(CourseProblem(
                    file: place + entry,
                    message: "a mutant folder holds Resources/, a README.md and at most one of \(name).swift (a whole learner file) or \(name).patch"))
                return nil
            }
        }
        guard hasResources else {
            problems.append(CourseProblem(
                file: place, message: "a mutant folder is for a mistake in resources: put the changed files in Resources/, or make it Mutants/\(name).swift or .patch"))
            return nil
        }
        // The README says what the mutant gets wrong; without one, its code file's header may.
        var header = MutantHeader()
        if entries.contains("README.md") {
            header = mutantHeader(url.appendingPathComponent("README.md"), style: .readme, displayPath: place + "README.md",
                                  problems: &problems)
        } else {
            switch form {
            case .file(let file): header = mutantHeader(file, style: .swift, displayPath: place + file.lastPathComponent, problems: &problems)
            case .patch(let file): header = mutantHeader(file, style: .patch, displayPath: place + file.lastPathComponent, problems: &problems)
            case .reference, .schema: break
            }
        }
        return Mutant(name: name, form: form, resources: resources, summary: header.summary, hint: header.hint)
    }

    /// The header of the mutant file at `url`; an unreadable file has none (building it will say why).
    private func mutantHeader(_ url: URL, style: MutantHeader.Style, displayPath: String,
                              problems: inout [CourseProblem]) -> MutantHeader {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return MutantHeader() }
        return MutantHeader.parse(text, style: style, displayPath: displayPath, problems: &problems)
    }
}
