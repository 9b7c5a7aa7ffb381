import Foundation

/// Measures how strong each exercise's cases are: generates mutants of its reference with the
/// `mutate` tool (built apart from the grader, with swift-syntax), grades a sample of them in
/// parallel, and scores the exercise by the share its cases catch.
public struct MutationTester {
    /// One generated mutant as `mutate` lists it in `index.json`.
    struct Generated: Decodable {
        struct Change: Decodable {
            var line: Int
            var start: Int
            var end: Int
            var replacement: String
            var description: String
        }
        var name: String
        var mutation: Change
    }

    let grader: Grader
    /// The `mutate` executable.
    let tool: URL
    /// Where generated mutants are written (`generated-mutants` in the run's own folder of `.grader/`).
    let directory: URL
    /// The most mutants tried per exercise: a sample drawn by the exercise's id when there are more.
    let limit: Int
    let minimum: Double
    /// Whether the sample is built as one mutant schema (each mutant alone when false).
    var buildsSchemas = true

    public init(grader: Grader, tool: URL, directory: URL, limit: Int, minimum: Double) {
        self.grader = grader
        self.tool = tool
        self.directory = directory
        self.limit = limit
        self.minimum = minimum
    }

    /// The mutation score of each exercise with one learner file.
    /// - Parameter progress: told of each exercise as soon as its last mutant is graded, one
    ///   call at a time.
    public func score(_ exercises: [Exercise], progress: (@Sendable (VerifyProgress) -> Void)? = nil) throws -> [MutationScore] {
        var jobs: [Grader.Job] = []
        var generatedCount: [String: Int] = [:]
        var generatedNames: [String: Set<String>] = [:]
        var byName: [String: [String: Generated]] = [:]
        // Each exercise's mutants and their schema, exercises side by side: a schema's compile
        // may be tried a few times.
        let scored = exercises.filter { $0.learnerFiles.count == 1 }
        // A listed equivalent whose reference and mutation are the ones its author judged is
        // not built or graded again: it can only pass every case, as it did then.
        let prepared = try grader.pool.map(scored) { exercise in
            Result { () -> (generated: [Generated], sample: [Generated], graded: [Generated], fingerprint: String?,
                            schema: SchemaCompiler.Build?) in
                let generated = try self.generate(exercise)
                let sample = Self.sample(generated, limit: self.limit, key: exercise.id)
                let fingerprint = Self.equivalentsFingerprint(exercise, generated: generated)
                let reviewed = fingerprint != nil && fingerprint == exercise.equivalentMutantsReviewed
                let graded = reviewed ? sample.filter { exercise.equivalentMutants[$0.name] == nil } : sample
                return (generated, sample, graded, fingerprint,
                        self.buildsSchemas ? self.schema(of: exercise, sample: graded.map(\.name)) : nil)
            }
        }.map { try $0.get() }
        var notGraded: [String: [Generated]] = [:]
        var toReview: [String: String] = [:]
        for (exercise, prepared) in zip(scored, prepared) {
            generatedCount[exercise.id] = prepared.generated.count
            generatedNames[exercise.id] = Set(prepared.generated.map(\.name))
            let graded = Set(prepared.graded.map(\.name))
            notGraded[exercise.id] = prepared.sample.filter { !graded.contains($0.name) }
            if let fingerprint = prepared.fingerprint, fingerprint != exercise.equivalentMutantsReviewed {
                toReview[exercise.id] = fingerprint
            }
            let sample = prepared.graded
            byName[exercise.id] = Dictionary(sample.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            var copy = exercise
            copy.mutants = sample.map { mutant in
                if let schema = prepared.schema, let number = schema.numbers[mutant.name] {
                    return Mutant(name: mutant.name, form: .schema(schema.file, number: number))
                }
                return Mutant(name: mutant.name, form: .file(folder(of: exercise).appendingPathComponent("\(mutant.name).swift")))
            }
            jobs += sample.map { Grader.Job(exercise: copy, variant: .mutant($0.name)) }
            for mutant in notGraded[exercise.id] ?? [] { byName[exercise.id]?[mutant.name] = mutant }
        }
        let tally = MutantTally(jobs: jobs, scored: generatedCount.count)
        let results = try grader.grade(jobs) { index, result in
            if let event = tally.record(index, result.status) { progress?(event) }
        }
        var scores: [MutationScore] = []
        for exercise in exercises where generatedCount[exercise.id] != nil {
            let mine = zip(jobs, results).filter { $0.0.exercise.id == exercise.id }
            let reference = (try? String(contentsOf: exercise.referenceSources[0], encoding: .utf8)) ?? ""
            let lines = reference.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let skipped = notGraded[exercise.id] ?? []
            var score = MutationScore(exercise: exercise.id, generated: generatedCount[exercise.id] ?? 0, tried: mine.count + skipped.count,
                                      notCompiled: 0, caught: 0, survivors: [], minimum: minimum)
            score.equivalentsToReview = toReview[exercise.id]
            for (job, result) in mine {
                guard case .mutant(let name) = job.variant, let mutant = byName[exercise.id]?[name] else { continue }
                if case .schema? = job.exercise.mutants.first(where: { $0.name == name })?.form { score.builtInSchema += 1 }
                switch result.status {
                case .compileError: score.notCompiled += 1
                case .failed, .courseError: score.caught += 1
                case .passed:
                    score.survivors.append(MutationScore.Survivor(
                        name: name, change: mutant.mutation.description, line: mutant.mutation.line,
                        diff: Self.diff(lines, mutant), equivalentBecause: exercise.equivalentMutants[name]))
                }
            }
            for mutant in skipped {
                score.survivors.append(MutationScore.Survivor(
                    name: mutant.name, change: mutant.mutation.description, line: mutant.mutation.line,
                    diff: Self.diff(lines, mutant), equivalentBecause: exercise.equivalentMutants[mutant.name], graded: false))
            }
            score.unknownEquivalents = exercise.equivalentMutants.keys
                .filter { !(generatedNames[exercise.id]?.contains($0) ?? false) }.sorted()
            scores.append(score)
        }
        return scores
    }

    /// What `equivalent_mutants_reviewed` records: SHA-256 (its first 16 hex digits) of the
    /// reference's text and of each listed mutant's mutation as `mutate` generated it, so that
    /// it changes when the reference does, when a name comes to mean another mutation, or when
    /// the list does. Nil when the exercise lists none, or lists one that was not generated.
    static func equivalentsFingerprint(_ exercise: Exercise, generated: [Generated]) -> String? {
        guard !exercise.equivalentMutants.isEmpty,
              let reference = FileManager.default.contents(atPath: exercise.referenceSources[0].path) else { return nil }
        let byName = Dictionary(generated.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var text = ""
        for name in exercise.equivalentMutants.keys.sorted() {
            guard let mutation = byName[name]?.mutation else { return nil }
            text += "\(name)\t\(mutation.line)\t\(mutation.start)\t\(mutation.end)\t\(mutation.replacement)\n"
        }
        return String(SHA256.hex(of: reference + Data(text.utf8)).prefix(16))
    }

    private func folder(of exercise: Exercise) -> URL {
        directory.appendingPathComponent(exercise.id.replacingOccurrences(of: "/", with: "_"))
    }

    /// The mutant schema of `names` (a sample of the exercise's generated mutants), built: one
    /// compile for all the mutants in it instead of one each (``SchemaCompiler``). Where an
    /// error cannot be placed, the schema is tried once more without its left-out statements.
    /// - Returns: nil when no schema compiled: every mutant is then built alone.
    func schema(of exercise: Exercise, sample names: [String]) -> SchemaCompiler.Build? {
        let folder = folder(of: exercise)
        return SchemaCompiler(tool: tool, builder: grader.builder).build(
            exercise, in: folder, wanted: names,
            arguments: { ["--schema", exercise.referenceSources[0].path, folder.path] + $0 },
            withoutUnplaced: { wanted in
                let kept = wanted.filter { !$0.contains("-removed-call-") && !$0.contains("-removed-assignment-") }
                return kept.count < wanted.count ? kept : nil
            })
    }

    /// Runs `mutate` on the exercise's reference; returns what it generated.
    private func generate(_ exercise: Exercise) throws -> [Generated] {
        let folder = folder(of: exercise)
        try? FileManager.default.removeItem(at: folder)
        let run = try ChildProcess.run(tool.path, [exercise.referenceSources[0].path, folder.path],
                                       environment: ProcessInfo.processInfo.environment, timeLimit: 120)
        guard run.termination == .exited(0),
              let data = FileManager.default.contents(atPath: folder.appendingPathComponent("index.json").path) else {
            throw GraderError.io("mutate could not generate the mutants of \(exercise.displayPath)/Reference: \(run.output)")
        }
        do {
            return try JSONDecoder().decode([Generated].self, from: data)
        } catch {
            throw GraderError.io("mutate wrote an index that does not read: \(error)")
        }
    }

    /// At most `limit` of `mutants`, the same ones every run: ordered by a hash of `key` and
    /// each name, then back in source order.
    static func sample(_ mutants: [Generated], limit: Int, key: String) -> [Generated] {
        guard mutants.count > limit else { return mutants }
        let picked = Set(mutants.map(\.name).sorted { ContentHash.hex(of: Data("\(key)/\($0)".utf8)) < ContentHash.hex(of: Data("\(key)/\($1)".utf8)) }
            .prefix(limit))
        return mutants.filter { picked.contains($0.name) }
    }

    /// `-  42 | if count >= limit {` and `+  42 | if count > limit {`.
    static func diff(_ lines: [String], _ mutant: Generated) -> String {
        let line = mutant.mutation.line
        guard line >= 1, line <= lines.count else { return mutant.mutation.description }
        let original = lines[line - 1]
        // The change's own line, rebuilt: the replacement spliced into the original line.
        let lineStart = lines[..<(line - 1)].reduce(0) { $0 + $1.utf8.count + 1 }
        var bytes = Array(original.utf8)
        let from = max(0, min(bytes.count, mutant.mutation.start - lineStart))
        let to = max(from, min(bytes.count, mutant.mutation.end - lineStart))
        bytes.replaceSubrange(from..<to, with: Array(mutant.mutation.replacement.utf8))
        let changed = String(decoding: bytes, as: UTF8.self)
        return "- \(line) | \(original.trimmingCharacters(in: .whitespaces))\n+ \(line) | \(changed.trimmingCharacters(in: .whitespaces))"
    }
}
