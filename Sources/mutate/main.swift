import Foundation
import MutationKit

// mutate SOURCE OUTPUT-FOLDER
// Writes one file per mutant of SOURCE into OUTPUT-FOLDER (NAME.swift), and their list as
// index.json: [{"name": …, "mutation": {…}}].
//
// mutate --schema SOURCE OUTPUT-FOLDER NAME…
// Writes the named mutants of SOURCE as one mutant schema (MutantSchema): schema.swift, and
// schema.json with each mutant's number, where each site is in schema.swift and the mutants
// left out.
//
// mutate --variants SOURCE OUTPUT-FOLDER NAME=FILE…
// Writes whole variants of SOURCE (hand-written mutants, each a file) as one mutant schema, the
// same two files; a variant that changes more than statements in bodies is left out.
//
// The grader runs it for `grader verify --mutants`; it is a program of its own so that the
// grader does not link swift-syntax, which would add to every student's first build.
var arguments = Array(CommandLine.arguments.dropFirst())
let schema = arguments.first == "--schema"
let variants = arguments.first == "--variants"
if schema || variants { arguments.removeFirst() }
guard arguments.count == 2 || ((schema || variants) && arguments.count >= 2) else {
    FileHandle.standardError.write(Data("usage: mutate SOURCE OUTPUT-FOLDER\n       mutate --schema SOURCE OUTPUT-FOLDER NAME…\n       mutate --variants SOURCE OUTPUT-FOLDER NAME=FILE…\n".utf8))
    exit(64)
}
do {
    let text = try String(contentsOfFile: arguments[0], encoding: .utf8)
    let folder = URL(fileURLWithPath: arguments[1])
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    if variants {
        let named = try arguments.dropFirst(2).map { argument -> (name: String, text: String) in
            guard let equals = argument.firstIndex(of: "=") else {
                FileHandle.standardError.write(Data("mutate: \(argument) is not NAME=FILE\n".utf8))
                exit(64)
            }
            return (String(argument[..<equals]), try String(contentsOfFile: String(argument[argument.index(after: equals)...]), encoding: .utf8))
        }
        let result = MutantSchema(source: text, variants: named)
        try result.source.write(to: folder.appendingPathComponent("schema.swift"), atomically: true, encoding: .utf8)
        try encoder.encode(result).write(to: folder.appendingPathComponent("schema.json"))
        exit(0)
    }
    let mutants = MutantGenerator().mutants(of: text)
    if schema {
        let byName = Dictionary(mutants.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let wanted = arguments.dropFirst(2)
        if let unknown = wanted.first(where: { byName[$0] == nil }) {
            FileHandle.standardError.write(Data("mutate: no mutant is named \(unknown)\n".utf8))
            exit(1)
        }
        let result = MutantSchema(source: text, mutants: wanted.compactMap { byName[$0] })
        try result.source.write(to: folder.appendingPathComponent("schema.swift"), atomically: true, encoding: .utf8)
        try encoder.encode(result).write(to: folder.appendingPathComponent("schema.json"))
    } else {
        for mutant in mutants {
            try mutant.mutation.apply(to: text).write(to: folder.appendingPathComponent("\(mutant.name).swift"),
                                                      atomically: true, encoding: .utf8)
        }
        try encoder.encode(mutants).write(to: folder.appendingPathComponent("index.json"))
    }
} catch {
    FileHandle.standardError.write(Data("mutate: \(error)\n".utf8))
    exit(1)
}
