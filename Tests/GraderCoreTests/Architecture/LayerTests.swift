import Foundation
import Testing

/// GraderCore's folders are layers, and a layer uses only the layers below it (`layers` below). This
/// reads the sources: each top-level type belongs to its file's folder, and no file may name a
/// type of a folder at its own level or above (within the bottom layer, folders may use each other).
struct LayerTests {
    /// Lowest first. Folders on one line are one layer.
    static let layers: [[String]] = [
        ["Results", "Errors", "Process", "Cache", "Observations", "Course"],
        ["Build"],
        ["Sandbox"],
        ["Run", "Judge"],
        ["Grade"],
        // Student handouts: packing the course (`grader pack --student`).
        ["Handout"],
        ["Lessons", "Report"],
        // Batch grading is in GraderInstructor, a module above GraderCore.
        ["Verify"],
        ["Workspace"],
    ]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/GraderCore")

    private static func level(of folder: String) -> Int? {
        layers.firstIndex { $0.contains(folder) }
    }

    @Test func everyFolderIsALayerAndEveryTypeItsFilesName() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter { !$0.hasPrefix(".") }
        for folder in folders {
            #expect(Self.level(of: folder) != nil, "Sources/GraderCore/\(folder) is not in LayerTests.layers")
        }
        let declaration = try NSRegularExpression(
            pattern: #"^(?:public |internal |final |indirect )*(?:struct|enum|class|protocol|typealias|actor) +([A-Z][A-Za-z0-9]*)"#,
            options: [.anchorsMatchLines])
        var owner: [String: String] = [:]
        var texts: [(file: String, folder: String, text: String)] = []
        for folder in folders {
            let folderURL = Self.sources.appendingPathComponent(folder)
            // A layer's subfolders (Batch/Formats/) belong to it.
            let names = FileManager.default.enumerator(atPath: folderURL.path)?.compactMap { $0 as? String } ?? []
            for name in names where name.hasSuffix(".swift") {
                let text = try String(contentsOf: folderURL.appendingPathComponent(name), encoding: .utf8)
                for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    owner[String(text[Range(match.range(at: 1), in: text)!])] = folder
                }
                // Comments may name anything.
                let code = text.split(separator: "\n").map { line in
                    line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
                }.joined(separator: "\n")
                texts.append(("\(folder)/\(name)", folder, code))
            }
        }
        #expect(owner.count > 50, "the declarations were found")
        var upward: [String] = []
        for (file, folder, code) in texts {
            guard let level = Self.level(of: folder) else { continue }
            for (type, other) in owner where other != folder {
                guard let otherLevel = Self.level(of: other), otherLevel > level || (otherLevel == level && level > 0) else { continue }
                if code.range(of: #"\b\#(type)\b"#, options: .regularExpression) != nil {
                    upward.append("\(file) uses \(type) from \(other)/")
                }
            }
        }
        #expect(upward.isEmpty, "layers point down only:\n\(upward.sorted().joined(separator: "\n"))")
    }

    @Test(arguments: ["GraderCore", "GraderInstructor"])
    func eachFileIsNamedAfterItsMainType(module: String) throws {
        // A file holds the type it is named after (or extends it: `Type+Concern.swift`).
        var misnamed: [String] = []
        let folder = Self.sources.deletingLastPathComponent().appendingPathComponent(module)
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let type = String(name.split(separator: "+").first ?? Substring(name))
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            let declares = text.range(of: #"(struct|enum|class|protocol|extension) \#(type)\b"#, options: .regularExpression) != nil
            if !declares { misnamed.append(path) }
        }
        #expect(misnamed.isEmpty, "files not named after a type they declare or extend: \(misnamed.sorted())")
    }
}
