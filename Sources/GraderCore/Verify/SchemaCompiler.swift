import Foundation

/// Builds a mutant schema written by the `mutate` tool: one compile for many mutants instead of
/// one each. A mutant whose site a compile error is in (most often a mutant that does not
/// compile alone) is left out and the schema written again; mutants left out are built alone.
struct SchemaCompiler {
    /// The `mutate` executable.
    let tool: URL
    let builder: ExerciseBuilding

    /// A mutant schema that compiled, and the number of each mutant in it.
    struct Build {
        var file: URL
        var numbers: [String: Int]
    }

    /// What `mutate` writes beside the schema (`schema.json`).
    struct Index: Decodable {
        struct Site: Decodable {
            var mutants: [String: Int]
            var start: Int
            var end: Int
        }
        var numbers: [String: Int]
        var sites: [Site]
    }

    /// Writes (with `mutate arguments(wanted)`, into `folder`) and builds the schema of `wanted`,
    /// leaving out the mutants a compile error is in, a few times over.
    /// - Parameter withoutUnplaced: the mutants to try again with when an error is in no site,
    ///   or nil to give up.
    /// - Returns: nil when no schema compiled: every mutant is then built alone.
    func build(_ exercise: Exercise, in folder: URL, wanted names: [String], arguments: ([String]) -> [String],
               withoutUnplaced: ([String]) -> [String]?) -> Build? {
        var wanted = names
        let file = folder.appendingPathComponent("schema.swift")
        for _ in 0..<8 {
            guard !wanted.isEmpty else { return nil }
            let run = try? ChildProcess.run(tool.path, arguments(wanted), environment: ProcessInfo.processInfo.environment, timeLimit: 120)
            guard run?.termination == .exited(0),
                  let data = FileManager.default.contents(atPath: folder.appendingPathComponent("schema.json").path),
                  let index = try? JSONDecoder().decode(Index.self, from: data), !index.numbers.isEmpty,
                  let text = FileManager.default.contents(atPath: file.path)
            else { return nil }
            switch try? builder.build(exercise: exercise, sources: [file], resources: exercise.bundleResources) {
            case .built?:
                return Build(file: file, numbers: index.numbers)
            case .failed(let diagnostics)?:
                if let culprits = Self.mutants(at: diagnostics.filter { $0.severity == .error }, of: index, text: text) {
                    wanted.removeAll { culprits.contains($0) }
                } else if let fewer = withoutUnplaced(wanted) {
                    wanted = fewer
                } else {
                    return nil
                }
            case nil:
                return nil
            }
        }
        return nil
    }

    /// The mutants whose sites hold the errors `diagnostics` report in the schema `text`: for
    /// each error, those of the smallest site around it, else of every site on its line.
    /// - Returns: nil when an error is in no site and on no site's line (or not in the schema).
    static func mutants(at diagnostics: [Diagnostic], of index: Index, text: Data) -> Set<String>? {
        var lineStarts = [0]
        for (offset, byte) in text.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        var culprits = Set<String>()
        for diagnostic in diagnostics {
            guard diagnostic.file?.hasSuffix("schema.swift") == true, let line = diagnostic.line, line >= 1, line <= lineStarts.count
            else { return nil }
            let lineStart = lineStarts[line - 1]
            let lineEnd = line < lineStarts.count ? lineStarts[line] : text.count
            let offset = lineStart + max(0, (diagnostic.column ?? 1) - 1)
            if let site = index.sites.filter({ $0.start <= offset && offset < $0.end }).min(by: { $0.end - $0.start < $1.end - $1.start }) {
                culprits.formUnion(site.mutants.keys)
                continue
            }
            let onLine = index.sites.filter { ($0.start >= lineStart && $0.start < lineEnd) || ($0.end > lineStart && $0.end <= lineEnd) }
            if onLine.isEmpty { return nil }
            for site in onLine { culprits.formUnion(site.mutants.keys) }
        }
        return culprits.isEmpty ? nil : culprits
    }
}
