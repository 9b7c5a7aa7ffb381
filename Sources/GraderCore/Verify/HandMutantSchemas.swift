import Foundation

/// Builds each exercise's hand-written mutants (patches and whole files) together, as one
/// mutant schema, where they differ from the reference only in statements inside bodies:
/// `verify` then compiles an exercise once for most of its mutants instead of once each. A
/// mutant the schema leaves out, or whose statements do not compile there, is built alone, as
/// before; a mutant that does not compile alone never compiles in the schema either (its
/// errors are in its own statements), so `verify` reports it as it did.
struct HandMutantSchemas {
    let grader: Grader
    /// The `mutate` executable.
    let tool: URL
    /// Where the schemas are written (`mutant-schemas` in the run's own folder of `.grader/`).
    let directory: URL

    /// `exercises` with every mutant that compiled in its exercise's schema built from there.
    func applied(to exercises: [Exercise]) -> [Exercise] {
        grader.pool.map(exercises) { exercise in withSchema(exercise) }
    }

    private func withSchema(_ exercise: Exercise) -> Exercise {
        guard exercise.learnerFiles.count == 1 else { return exercise }
        let folder = directory.appendingPathComponent(exercise.id.replacingOccurrences(of: "/", with: "_"))
        // A mutant with resources of its own needs a bundle of its own.
        var files: [(name: String, file: URL)] = []
        for mutant in exercise.mutants where mutant.resources == nil {
            switch mutant.form {
            case .patch(let patch):
                // A patch that does not apply is reported when the mutant is graded alone.
                if let file = try? grader.mutantPatcher.sources(ofMutant: mutant.name, patch: patch, exercise: exercise).first {
                    files.append((mutant.name, file))
                }
            case .file(let file):
                files.append((mutant.name, file))
            case .reference, .schema:
                continue
            }
        }
        guard files.count > 1 else { return exercise }
        try? FileManager.default.removeItem(at: folder)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let paths = Dictionary(files.map { ($0.name, $0.file.path) }, uniquingKeysWith: { first, _ in first })
        let built = SchemaCompiler(tool: tool, builder: grader.builder).build(
            exercise, in: folder, wanted: files.map(\.name),
            arguments: { wanted in
                ["--variants", exercise.referenceSources[0].path, folder.path] + wanted.compactMap { name in paths[name].map { "\(name)=\($0)" } }
            },
            withoutUnplaced: { _ in nil })
        guard let built else { return exercise }
        var copy = exercise
        copy.mutants = exercise.mutants.map { mutant in
            guard let number = built.numbers[mutant.name] else { return mutant }
            var inSchema = mutant
            inSchema.form = .schema(built.file, number: number)
            return inSchema
        }
        return copy
    }
}
