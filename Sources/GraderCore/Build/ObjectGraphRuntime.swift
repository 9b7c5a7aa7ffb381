import Foundation

/// What a build needs when its code imports ObjectGraph (the course's Core Data): the module's
/// objects, with Yams's, which it reads model files with, and the module map of Yams's C part,
/// which a client of the module must see. SwiftPM builds them beside ExerciseKit, because
/// GraderCore depends on ObjectGraph; builds that do not import it link nothing more.
public struct ObjectGraphRuntime: Sendable {
    /// Extra compiler flags: Yams's C module map.
    public var compileFlags: [String]
    /// What to link: `libObjectGraph.a` when it is up to date, otherwise the objects of
    /// ObjectGraph, Yams and CYaml.
    public var linkInputs: [URL]
    /// Identifies this runtime's build, for the build-cache keys of code that imports it.
    public var fingerprint: String

    /// Finds the runtime in SwiftPM's build folder `build` (`.build/<triple>/debug`); nil when
    /// ObjectGraph or Yams's module map is not there.
    static func locate(build: URL) -> ObjectGraphRuntime? {
        let fm = FileManager.default
        let module = build.appendingPathComponent("Modules/ObjectGraph.swiftmodule")
        guard fm.fileExists(atPath: module.path), let moduleMap = yamsModuleMap(near: build) else { return nil }
        let archive = build.appendingPathComponent("libObjectGraph.a")
        var linkInputs: [URL]
        if let archiveDate = Toolchain.modificationDate(archive), let moduleDate = Toolchain.modificationDate(module), archiveDate >= moduleDate {
            linkInputs = [archive]
        } else {
            linkInputs = ["ObjectGraph.build", "Yams.build", "CYaml.build"].flatMap { objects(in: build.appendingPathComponent($0)) }
            guard linkInputs.contains(where: { $0.path.contains("/ObjectGraph.build/") }) else { return nil }
        }
        let fingerprint = ([module, moduleMap] + linkInputs).map { "\($0.lastPathComponent) \(Toolchain.describe($0))" }.joined(separator: "\n")
        return ObjectGraphRuntime(compileFlags: ["-Xcc", "-fmodule-map-file=\(moduleMap.path)"],
                                  linkInputs: linkInputs, fingerprint: fingerprint)
    }

    /// Whether `source` imports ObjectGraph (`import ObjectGraph`, possibly with an attribute
    /// or a kind: `@testable import ObjectGraph`, `import class ObjectGraph.ManagedObject`).
    static func isImported(by source: String) -> Bool {
        source.split(whereSeparator: \.isNewline).flatMap { line in
            (line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").split(separator: ";")
        }.contains { statement in
            let words = statement.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { return false }
            // `import ObjectGraph`, or `import class ObjectGraph.ManagedObject`: the module comes
            // first, after the kind when there is one.
            var rest = words[(index + 1)...]
            if let kind = rest.first, Self.importKinds.contains(String(kind)) { rest = rest.dropFirst() }
            guard let module = rest.first else { return false }
            return module == "ObjectGraph" || module.hasPrefix("ObjectGraph.")
        }
    }

    private static let importKinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]

    /// `checkouts/Yams/Sources/CYaml/include/module.modulemap` in one of `build`'s ancestors
    /// (SwiftPM's `.build`).
    private static func yamsModuleMap(near build: URL) -> URL? {
        var folder = build.resolvingSymlinksInPath()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("checkouts/Yams/Sources/CYaml/include/module.modulemap")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    private static func objects(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "o" }.sorted { $0.path < $1.path }
    }
}
