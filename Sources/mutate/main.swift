import Foundation
import MutationKit

// mutate SOURCE OUTPUT-FOLDER
// Writes one file per mutant of SOURCE into OUTPUT-FOLDER (NAME.swift), and their list as
// index.json: [{"name": …, "mutation": {…}}]. The grader runs it for
// `grader verify --mutants`; it is a program of its own so that the grader does not link
// swift-syntax, which would add to every student's first build.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let source = arguments.first, let output = arguments.last else {
    FileHandle.standardError.write(Data("usage: mutate SOURCE OUTPUT-FOLDER\n".utf8))
    exit(64)
}
do {
    let text = try String(contentsOfFile: source, encoding: .utf8)
    let mutants = MutantGenerator().mutants(of: text)
    let folder = URL(fileURLWithPath: output)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for mutant in mutants {
        try mutant.mutation.apply(to: text).write(to: folder.appendingPathComponent("\(mutant.name).swift"),
                                                  atomically: true, encoding: .utf8)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try encoder.encode(mutants).write(to: folder.appendingPathComponent("index.json"))
} catch {
    FileHandle.standardError.write(Data("mutate: \(error)\n".utf8))
    exit(1)
}
