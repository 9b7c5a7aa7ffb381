// objectgraph-codegen MODEL.yml [--version NAME] [--output DIR]
//
// Writes one Swift file per entity of an ObjectGraph model file (`Person+ObjectGraph.swift`),
// as Xcode's code generation does for a Core Data model; see `ModelCodeGenerator`.
import Foundation
import ObjectGraph

let usage = "usage: objectgraph-codegen MODEL.yml [--version NAME] [--output DIR]"
var arguments = Array(CommandLine.arguments.dropFirst())
var version: String?
var output = "."
var model: String?
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--version", "--output":
        guard !arguments.isEmpty else {
            FileHandle.standardError.write(Data("objectgraph-codegen: \(argument) needs a value\n\(usage)\n".utf8))
            exit(64)
        }
        if argument == "--version" { version = arguments.removeFirst() } else { output = arguments.removeFirst() }
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        guard model == nil, !argument.hasPrefix("-") else {
            FileHandle.standardError.write(Data("objectgraph-codegen: unexpected \(argument)\n\(usage)\n".utf8))
            exit(64)
        }
        model = argument
    }
}
guard let model else {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(64)
}

do {
    let url = URL(fileURLWithPath: model)
    let loaded = try ManagedObjectModel(contentsOf: url, version: version)
    let folder = URL(fileURLWithPath: output, isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for file in ModelCodeGenerator.files(for: loaded, source: url.lastPathComponent) {
        let destination = folder.appendingPathComponent(file.name)
        try Data(file.text.utf8).write(to: destination, options: .atomic)
        print(destination.path)
    }
} catch {
    FileHandle.standardError.write(Data("objectgraph-codegen: \(error)\n".utf8))
    exit(1)
}
