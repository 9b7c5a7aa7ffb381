import Foundation

/// The Swift compiler and the prebuilt runtime that exercise binaries link against.
public struct Toolchain: Sendable {
    /// The `swiftc` executable.
    public var swiftc: URL
    /// The folder holding `ExerciseKit.swiftmodule`.
    public var modulesDirectory: URL
    /// What to link: `libExerciseKit.a` when it is up to date, otherwise the target's objects.
    public var linkInputs: [URL]
    /// Folders holding module maps for C libraries the platform's SDK would provide (SQLite3 on
    /// Linux), passed to every build with `-I`.
    public var systemModuleDirectories: [URL]
    /// Folders the sandbox must make readable for the binaries to run (the Swift runtime libraries).
    public var runtimeLibraryDirectories: [URL]
    /// Identifies the compiler and runtime build, for build-cache keys.
    public var fingerprint: String
    /// Identifies the grader binary itself, for the keys of cached verdicts and observations:
    /// a rebuilt grader may judge, compare or inspect differently.
    public var graderIdentity = ""
    /// What code that imports ObjectGraph also needs; nil when it was not built.
    public var objectGraph: ObjectGraphRuntime?
    /// Whether the toolchain ships LLVM's linker (`ld.lld` beside `swiftc`), which links exercise
    /// binaries faster than the system's.
    public var hasLLD = false

    /// Finds the compiler on `PATH` and the runtime in the build folder holding `executable`
    /// (or one of its ancestors), which is where SwiftPM put the grader and ExerciseKit.
    ///
    /// - Throws: ``GraderError`` naming what is missing and how to get it.
    public static func locate(executable: URL, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> Toolchain
    {
        guard let swiftc = findOnPath("swiftc", environment: environment) else {
            throw GraderError.missingTool("swiftc", hint: "install the Swift toolchain and put its bin folder on PATH")
        }
        let fm = FileManager.default
        var directory = executable.deletingLastPathComponent()
        var buildDirectory: URL?
        for _ in 0..<4 {
            if fm.fileExists(atPath: directory.appendingPathComponent("Modules/ExerciseKit.swiftmodule").path) {
                buildDirectory = directory
                break
            }
            directory = directory.deletingLastPathComponent()
        }
        if let override = environment["GRADER_RUNTIME_DIR"] { buildDirectory = URL(fileURLWithPath: override) }
        guard let build = buildDirectory else {
            throw GraderError.missingRuntime(near: executable.deletingLastPathComponent().path)
        }
        let modules = build.appendingPathComponent("Modules")
        let module = modules.appendingPathComponent("ExerciseKit.swiftmodule")
        let archive = build.appendingPathComponent("libExerciseKit.a")
        let objectsFolder = build.appendingPathComponent("ExerciseKit.build")
        let objects = ((try? fm.contentsOfDirectory(atPath: objectsFolder.path)) ?? [])
            .filter { $0.hasSuffix(".o") }.sorted().map { objectsFolder.appendingPathComponent($0) }
        // `swift build` archives the static product; `swift run grader` compiles the target's
        // objects only. Use the archive when it is at least as new as the module, else the objects.
        let linkInputs: [URL]
        if let archiveDate = modificationDate(archive), let moduleDate = modificationDate(module), archiveDate >= moduleDate {
            linkInputs = [archive]
        } else if !objects.isEmpty {
            linkInputs = objects
        } else {
            throw GraderError.missingRuntime(near: build.path)
        }
        let resolvedCompiler = swiftc.resolvingSymlinksInPath()
        let libraries = resolvedCompiler.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/linux")
        let systemModules = try systemModuleDirectories(environment: environment)
        var identity = [resolvedCompiler.path, describe(resolvedCompiler), describe(module)]
        identity += systemModules.map { "\($0.path) \(describe($0.appendingPathComponent("module.modulemap")))" }
        identity += linkInputs.map { "\($0.lastPathComponent) \(describe($0))" }
        var toolchain = Toolchain(swiftc: swiftc, modulesDirectory: modules, linkInputs: linkInputs,
                                  systemModuleDirectories: systemModules,
                                  runtimeLibraryDirectories: [libraries.resolvingSymlinksInPath()],
                                  fingerprint: identity.joined(separator: "\n"))
        toolchain.graderIdentity = describe(executable.resolvingSymlinksInPath())
        toolchain.objectGraph = ObjectGraphRuntime.locate(build: build)
        toolchain.hasLLD = fm.isExecutableFile(atPath: resolvedCompiler.deletingLastPathComponent().appendingPathComponent("ld.lld").path)
        return toolchain
    }

    /// The first line of `swiftc --version` (`Swift version 6.3.1 (swift-6.3.1-RELEASE)`), or
    /// `unknown`; asked once per compiler and process.
    public var swiftVersion: String {
        Self.versions.value(for: swiftc.resolvingSymlinksInPath().path) {
            guard let run = try? ChildProcess.run(swiftc.path, ["--version"], environment: ProcessInfo.processInfo.environment, timeLimit: 60),
                  run.termination == .exited(0) else { return "unknown" }
            return run.output.split(separator: "\n").first { $0.contains("Swift version") }.map(String.init) ?? "unknown"
        }
    }

    private static let versions = VersionMemo()

    /// Each compiler's version, asked once.
    private final class VersionMemo: @unchecked Sendable {
        private let lock = NSLock()
        private var known: [String: String] = [:]

        func value(for compiler: String, _ ask: () -> String) -> String {
            lock.lock()
            defer { lock.unlock() }
            if let version = known[compiler] { return version }
            let version = ask()
            known[compiler] = version
            return version
        }
    }

    /// This file's path. (A `#filePath` default argument would be the caller's file.)
    static let ownSourceFile = #filePath

    /// Where `import SQLite3` is found on Linux: the package's own `Sources/SQLite3` module map,
    /// beside the sources this grader was built from, or `GRADER_SQLITE3_MODULE_DIR`. Apple's
    /// SDKs have the module already.
    static func systemModuleDirectories(environment: [String: String], sourceFile: String = ownSourceFile) throws -> [URL] {
        #if os(Linux)
        let folder: URL
        if let override = environment["GRADER_SQLITE3_MODULE_DIR"] {
            folder = URL(fileURLWithPath: override)
        } else {
            // Sources/GraderCore/Build/Toolchain.swift → Sources/SQLite3
            folder = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("SQLite3")
        }
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("module.modulemap").path) else {
            throw GraderError.missingTool("the SQLite3 module map",
                                          hint: "expected \(folder.path)/module.modulemap; set GRADER_SQLITE3_MODULE_DIR to the folder holding it")
        }
        return [folder]
        #else
        return []
        #endif
    }

    static func findOnPath(_ name: String, environment: [String: String]) -> URL? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    static func modificationDate(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }

    /// Size and modification time: enough to notice a rebuilt runtime or a new compiler.
    static func describe(_ url: URL) -> String {
        let attributes = (try? FileManager.default.attributesOfItem(atPath: url.path)) ?? [:]
        let size = (attributes[.size] as? NSNumber)?.intValue ?? -1
        let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(size)@\(date)"
    }
}
