import Foundation

/// Checks a packed handout before it is moved into place: it loads as a handout with no
/// problem, each exercise has exactly the course's visible cases (the same cases, not only the
/// same names), and nothing of `Reference/` or `Mutants/` is in it, under any name.
struct HandoutCheck {
    /// The instructor's course it was packed from.
    let course: Course
    let manifest: HandoutManifest

    /// - Returns: warnings for the instructor: shipped text that names a hidden case.
    /// - Throws: ``GraderError/packRefused(_:)`` with everything found wrong.
    func check(_ handout: URL) throws -> [String] {
        var faults: [String] = []
        let loaded: CourseLoader.Loaded
        do {
            loaded = try CourseLoader().load(root: handout)
        } catch let problem as CourseProblem {
            throw GraderError.packRefused("the packed handout does not load: \(problem)")
        }
        faults += loaded.problems.map { "the packed handout has a problem: \($0)" }
        for exercise in course.exercises {
            guard let packed = loaded.course.exercises.first(where: { $0.id == exercise.id }) else {
                faults.append("\(exercise.id) is missing from the packed handout")
                continue
            }
            faults += compare(exercise, packed)
            faults += checkStarters(of: packed, in: handout)
        }
        let files = HandoutContents.files(below: handout)
        faults += files.filter { path in
            path.hasPrefix("Exercises/") && path.split(separator: "/").contains { $0 == "Reference" || $0 == "Mutants" }
        }.map { "\($0) is in the handout" }
        faults += try copiesOfInstructorFiles(files, in: handout)
        guard faults.isEmpty else {
            throw GraderError.packRefused("the packed handout failed its check:\n" + faults.joined(separator: "\n"))
        }
        return try hiddenNamesMentioned(files, in: handout)
    }

    /// How a packed exercise differs from the course's, with hidden cases left out.
    private func compare(_ exercise: Exercise, _ packed: Exercise) -> [String] {
        let place = "\(packed.displayPath)/exercise.yml"
        // A case's index is its position in the file, which the hidden cases before it no longer take.
        let unindexed: ([TestCase]) -> [TestCase] = { cases in cases.map { var copy = $0; copy.index = 0; return copy } }
        var faults: [String] = []
        let expected = unindexed(exercise.cases.filter { !$0.hidden })
        let found = unindexed(packed.cases)
        if found != expected {
            faults.append("\(place): the handout's cases are \(found.map(\.name)), not the course's visible cases \(expected.map(\.name))")
        }
        if packed.cases.contains(where: \.hidden) { faults.append("\(place) still has a hidden case") }
        if packed.title != exercise.title || packed.points != exercise.points || packed.limits != exercise.limits
            || packed.hints != exercise.hints || packed.learnerFiles != exercise.learnerFiles
            || packed.defaultsSuites != exercise.defaultsSuites
            || packed.bundleResources.resolved.map(\.path) != exercise.bundleResources.resolved.map(\.path) {
            faults.append("\(place): the handout's exercise differs from the course's in more than its hidden cases")
        }
        if packed.casesHash != manifest.entry(exercise.id)?.casesHash {
            faults.append("\(place): its hash differs from the manifest's")
        }
        return faults
    }

    /// Each learner file's copy in `Starters/` is there, has the hash the manifest records and
    /// is the learner file handed out, so that `grader reset` restores that file.
    private func checkStarters(of exercise: Exercise, in handout: URL) -> [String] {
        let hashes = manifest.entry(exercise.id)?.starterHashes ?? [:]
        var faults: [String] = []
        if Set(hashes.keys) != Set(exercise.learnerFiles) {
            faults.append("\(exercise.id): handout.json's starter hashes are for \(hashes.keys.sorted()), not the learner files \(exercise.learnerFiles)")
        }
        for name in exercise.learnerFiles {
            let path = "\(HandoutManifest.startersFolder)/\(exercise.id)/\(name)"
            let starter = FileManager.default.contents(atPath: handout.appendingPathComponent(path).path)
            if starter.map(SHA256.hex(of:)) != hashes[name] {
                faults.append("\(path) is missing or its hash differs from the manifest's")
            } else if starter != FileManager.default.contents(atPath: exercise.directory.appendingPathComponent(name).path) {
                faults.append("\(path) is not the learner file handed out, \(exercise.displayPath)/\(name)")
            }
        }
        return faults
    }

    /// Shipped files whose bytes are those of a reference source or a mutant: a copy under
    /// another name (a benchmark's baseline, a starter left equal to the reference).
    private func copiesOfInstructorFiles(_ files: [String], in handout: URL) throws -> [String] {
        var instructorFiles: [String: String] = [:]
        for exercise in course.exercises {
            for url in exercise.referenceSources {
                if let data = FileManager.default.contents(atPath: url.path) {
                    instructorFiles[SHA256.hex(of: data)] = "\(exercise.displayPath)/Reference/\(url.lastPathComponent)"
                }
            }
            for mutant in exercise.mutants {
                guard case .file(let url) = mutant.form, let data = FileManager.default.contents(atPath: url.path) else { continue }
                instructorFiles[SHA256.hex(of: data)] = "\(exercise.displayPath)/Mutants/\(url.lastPathComponent)"
            }
        }
        return files.filter { !$0.hasPrefix(HandoutPacker.binariesFolder + "/") }.compactMap { path in
            guard let data = FileManager.default.contents(atPath: handout.appendingPathComponent(path).path),
                  let original = instructorFiles[SHA256.hex(of: data)] else { return nil }
            return "\(path) is a copy of \(original)"
        }
    }

    /// Text files that name a hidden case, as warnings: a statement may say on purpose what a
    /// hidden case checks, but the instructor should know.
    private func hiddenNamesMentioned(_ files: [String], in handout: URL) throws -> [String] {
        let hidden = course.exercises.flatMap { exercise in exercise.cases.filter(\.hidden).map { (exercise.id, $0.name) } }
        guard !hidden.isEmpty else { return [] }
        var warnings: [String] = []
        for path in files where !path.hasPrefix(HandoutPacker.binariesFolder + "/") {
            guard let data = FileManager.default.contents(atPath: handout.appendingPathComponent(path).path),
                  let text = String(data: data, encoding: .utf8) else { continue }
            for (id, name) in hidden where text.contains(name) {
                warnings.append("\(path) names the hidden case \"\(name)\" of \(id)")
            }
        }
        return warnings
    }
}
