import ExerciseKit
import Foundation

/// Builds exercise binaries: one `swiftc -Onone` call over the learner's files and the
/// driver, linked against the prebuilt ExerciseKit, cached by the content of every input.
public final class BuildEngine: ExerciseBuilding, @unchecked Sendable {
    let toolchain: Toolchain
    let cacheDirectory: URL
    let moduleCache: URL
    let courseRoot: URL
    /// Wall-clock limit for one compiler run, so that a pathological expression cannot hang a
    /// batch; it ends every process the compiler started when it runs in ``compilerSandbox``.
    var compileTimeLimit: TimeInterval = 180
    /// Where the compiler runs on learners' files: nil runs it unconfined.
    var compilerSandbox: CompilerSandbox?
    let inFlight = KeyedLocks()
    /// The driver's plans, asked once per shape of build and kept in the work folder (``CompilerJobs``).
    let plans: CompilerJobs.Memo
    /// False runs `swiftc` for every build, as the driver plans it each time (for comparing).
    var usesDriverPlans = ProcessInfo.processInfo.environment["GRADER_SWIFTC_DRIVER"] == nil
    /// Keeps ``cacheDirectory`` within its size, least recently used builds first.
    let trimmer: BuildCacheTrim

    public init(toolchain: Toolchain, workDirectory: URL, courseRoot: URL) {
        self.toolchain = toolchain
        cacheDirectory = workDirectory.appendingPathComponent("builds")
        trimmer = BuildCacheTrim(directory: cacheDirectory)
        moduleCache = Self.moduleCache(toolchain: toolchain, fallback: workDirectory)
        self.courseRoot = courseRoot
        plans = CompilerJobs.Memo(directory: workDirectory.appendingPathComponent("compiler-plans"),
                                  identity: toolchain.swiftc.path + "\n" + toolchain.fingerprint)
    }

    /// The compiler's module cache (the system and C modules every build imports, compiled once).
    ///
    /// It depends on the toolchain and runtime alone, so it lives beside the runtime in the build
    /// folder (`.build/debug/grader-module-cache`), where `grader prepare` warms it once for every
    /// course and work folder; `.grader/` when that folder cannot be written. Clang's module cache
    /// records its own absolute path, so the folder is also named after where it is.
    static func moduleCache(toolchain: Toolchain, fallback: URL) -> URL {
        // Resolved, so that a build folder reached through a link (`.build/debug`) is one cache, not two.
        let beside = toolchain.modulesDirectory.resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("grader-module-cache")
        let root = FileManager.default.isWritableFile(atPath: beside.deletingLastPathComponent().path)
            ? beside : fallback.appendingPathComponent("module-cache")
        return root.appendingPathComponent(
            String(ContentHash.hex(of: root.standardizedFileURL.path + "\n" + toolchain.fingerprint).prefix(16)))
    }

    /// Fills the module cache by type-checking a file that imports what exercises and lessons
    /// import, so that the first real build does not pay for it.
    /// - Returns: the compiler's errors, empty when it worked.
    public func warmModuleCache() throws -> [Diagnostic] {
        let scratch = cacheDirectory.appendingPathComponent(".warm-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("main.swift")
        var imports = ["Foundation", "ExerciseKit"]
        #if os(Linux)
        imports.append("SQLite3")
        #endif
        do {
            try imports.map { "import \($0)\n" }.joined().write(to: file, atomically: true, encoding: .utf8)
        } catch {
            throw GraderError.io("cannot write in \(scratch.path): \(error.localizedDescription)")
        }
        return try typecheck(inputs: [file]).filter { $0.severity == .error }
    }

    /// Builds `sources` with `exercise`'s driver and resources, or returns the cached build.
    ///
    /// The module is always named `App`, for learner, reference and mutant builds alike:
    /// `NSKeyedArchiver` writes module-qualified class names, so an archive is readable only by
    /// a binary with the same module name.
    /// - Throws: ``GraderError`` only when the grader cannot work (no disk space, no compiler).
    public func build(exercise: Exercise, sources: [URL]) throws -> BuildOutcome {
        try build(exercise: exercise, sources: sources, resources: exercise.bundleResources)
    }

    /// Builds `sources` with `exercise`'s driver and `resources` (a mutant's own over the
    /// exercise's), or returns the cached build.
    public func build(exercise: Exercise, sources: [URL], resources: BundleResources) throws -> BuildOutcome {
        // Every variant's files are shown as the learner's (`Exercises/…/Solution.swift`), from a
        // student's folder, a mutant's or the reference's alike.
        let named = sources.map { source in
            let name = exercise.learnerFiles.first { source.path.hasSuffix("/" + $0) } ?? source.lastPathComponent
            return BuildInput(file: source, shownAs: "\(exercise.displayPath)/\(name)")
        }
        return try build(named: [BuildInput(file: exercise.driverURL, shownAs: "\(exercise.displayPath)/Driver.swift")] + named,
                         resources: resources, parseAsLibrary: true)
    }

    /// Builds `inputs` into an app bundle holding `resources`, or returns the cached build.
    /// - Parameter parseAsLibrary: true for `@main` programs (exercises); false for a program
    ///   whose `main.swift` has top-level code (lessons).
    /// - Parameter runtime: how the binary gets the Swift runtime (``RuntimeLinkage``).
    func build(inputs: [URL], resources: BundleResources, parseAsLibrary: Bool,
               runtime: RuntimeLinkage = .shared) throws -> BuildOutcome {
        try build(named: BuildInput.named(inputs), resources: resources, parseAsLibrary: parseAsLibrary, runtime: runtime)
    }

    private func build(named inputs: [BuildInput], resources: BundleResources, parseAsLibrary: Bool,
                       runtime: RuntimeLinkage = .shared) throws -> BuildOutcome {
        var (material, objectGraph) = try keyMaterial(inputs: inputs, resources: resources, parseAsLibrary: parseAsLibrary)
        if runtime != .shared { material.append(Data("runtime \(runtime.rawValue)\n".utf8)) }
        let key = ContentHash.hex(of: material)
        let entry = cacheDirectory.appendingPathComponent(key)
        // Two jobs with the same inputs at once (two students' identical files in a batch) build
        // once: the second waits for the first and finds its build in the cache.
        let keyLock = inFlight.lock(for: key)
        keyLock.lock()
        defer { keyLock.unlock() }
        if let cached = cachedOutcome(entry: entry, material: material, key: key) { return cached }

        let fm = FileManager.default
        let staging = cacheDirectory.appendingPathComponent(".staging-\(UUID().uuidString)")
        let scratch = staging.appendingPathComponent("tmp")
        let bundle = staging.appendingPathComponent("App.app")
        defer { try? fm.removeItem(at: staging) }
        do {
            try fm.createDirectory(at: scratch, withIntermediateDirectories: true)
            try fm.createDirectory(at: bundle, withIntermediateDirectories: true)
            try fm.createDirectory(at: moduleCache, withIntermediateDirectories: true)
        } catch {
            throw GraderError.io("cannot create build folders in \(cacheDirectory.path): \(error.localizedDescription)")
        }
        var arguments = ["-Onone", "-module-name", AppBundle.executableName] + Self.speedFlags(toolchain)
            + commonFlags(parseAsLibrary: parseAsLibrary) + (objectGraph?.compileFlags ?? [])
        var (placeholders, replacing) = placeholders(for: inputs)
        arguments += placeholders + ["-o", CompilerJobs.outputPlaceholder]
        replacing[CompilerJobs.outputPlaceholder] = bundle.appendingPathComponent(AppBundle.executableName).path
        // No debug information in the binary: the prebuilt runtime's would name the folders
        // it was built in, and the learner's code has none (it is built without -g).
        arguments += linkArguments() + (objectGraph?.linkInputs.map(\.path) ?? []) + ["-Xlinker", "--strip-debug"] + runtime.linkFlags
        // ExerciseKit's own `readdir` and `fts_open`, which order a launch's folder listings
        // (`ListingOrder`), exported so that Foundation's calls reach them, not the C library's.
        arguments += ListingOrder.replacedSymbols.flatMap { ["-Xlinker", "--export-dynamic-symbol=\($0)"] }
        let (timedOut, termination, output) = try runCompiler(arguments, replacing: replacing, inputs: inputs,
                                                              writable: [staging], scratch: scratch)

        let outcome: BuildOutcome
        if timedOut {
            outcome = .failed([Diagnostic(file: nil, line: nil, column: nil, severity: .error,
                                          message: "the compiler did not finish within \(Int(compileTimeLimit)) s; simplify the expression it is stuck on")])
        } else if termination == .exited(0) {
            try copyResources(from: resources, into: bundle)
            outcome = .built(AppBundle(directory: entry.appendingPathComponent("App.app"), key: key))
        } else {
            var diagnostics = parseDiagnostics(output, inputs: inputs)
            if !diagnostics.contains(where: { $0.severity == .error }) {
                // A crash's stack dump says where the compiler was ("3.	While type-checking
                // statement at [main.swift:40:1 …]"), its last lines how it ended.
                let lines = output.split(separator: "\n")
                let context = lines.filter { $0.first?.isNumber == true && $0.contains(".\t") && !$0.contains("Program arguments") }
                let tail = (context + lines.suffix(20)).joined(separator: "\n")
                let how: String
                switch termination {
                case .signaled(let signal)?: how = "crashed (signal \(signal))"
                case .exited(let status)?: how = "failed (exit status \(status))"
                case nil: how = "failed"
                }
                diagnostics.append(Diagnostic(file: nil, line: nil, column: nil, severity: .error,
                                              message: "the compiler \(how)\n\(tail)"))
            }
            outcome = .failed(diagnostics.filter { $0.severity != .warning || $0.file != nil })
        }
        // Only results that depend on the sources alone are kept: a compile error located in a
        // source file is; a compiler or linker failure may be the machine's and is retried.
        if case .failed(let diagnostics) = outcome, !diagnostics.contains(where: { $0.file != nil && $0.severity == .error }) {
            return outcome
        }
        try store(outcome, material: material, staging: staging, entry: entry)
        return cachedOutcome(entry: entry, material: material, key: key) ?? outcome
    }

    /// Type-checks `inputs` without building: the diagnostics, empty when the code compiles.
    /// Used for lesson blocks that are compiled but not run.
    func typecheck(inputs files: [URL]) throws -> [Diagnostic] {
        let inputs = BuildInput.named(files)
        let scratch = cacheDirectory.appendingPathComponent(".typecheck-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(at: moduleCache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (placeholders, replacing) = placeholders(for: inputs)
        let arguments = ["-typecheck", "-module-name", AppBundle.executableName] + commonFlags(parseAsLibrary: false)
            + ((try? keyMaterial(inputs: inputs, resources: BundleResources(), parseAsLibrary: false))?.objectGraph?.compileFlags ?? [])
            + placeholders
        let (timedOut, termination, output) = try runCompiler(arguments, replacing: replacing, inputs: inputs,
                                                              writable: [scratch], scratch: scratch)
        var diagnostics = parseDiagnostics(output, inputs: inputs)
        if termination != .exited(0), !diagnostics.contains(where: { $0.severity == .error }) {
            diagnostics.append(Diagnostic(file: nil, line: nil, column: nil, severity: .error,
                                          message: timedOut ? "the compiler did not finish in time" : output))
        }
        return termination == .exited(0) ? diagnostics.filter { $0.severity != .error } : diagnostics
    }

    /// The words standing for `inputs` in a `swiftc` call, and the word (as the compiler is
    /// given it) each stands for.
    private func placeholders(for inputs: [BuildInput]) -> (words: [String], replacing: [String: String]) {
        let words = inputs.enumerated().map { index, input in
            CompilerJobs.placeholder(input: index, named: URL(fileURLWithPath: input.shownAs).lastPathComponent)
        }
        return (words, Dictionary(uniqueKeysWithValues: zip(words, inputs.map(compilerPath))))
    }

    /// Runs `swiftc arguments`, each placeholder replaced as `replacing` says, with a wall-clock
    /// limit, in the compiler's sandbox when there is one, reading `inputs` and writing `writable`
    /// and the module cache; returns whether it timed out, how it ended and everything it printed.
    /// The driver's jobs are run directly when its plan for these arguments could be replayed
    /// (``CompilerJobs``).
    private func runCompiler(_ arguments: [String], replacing: [String: String], inputs: [BuildInput], writable: [URL],
                             scratch: URL) throws -> (timedOut: Bool, termination: Termination?, output: String)
    {
        // swiftc leaves TemporaryDirectory.* folders behind: give it a folder we remove.
        let environment: [String: String]
        if compilerSandbox == nil {
            var inherited = ProcessInfo.processInfo.environment
            inherited["TMPDIR"] = scratch.path
            environment = inherited
        } else {
            environment = CompilerSandbox.environment(swiftc: toolchain.swiftc, temporary: scratch)
        }
        let names = replacing.values.map { URL(fileURLWithPath: $0).lastPathComponent }
        // The plan's shape: the words, and whether the driver ran in the compiler's sandbox.
        let shape = arguments + [compilerSandbox == nil ? "unconfined" : "confined"]
        let jobs = usesDriverPlans && Set(names).count == names.count ? plans.plan(for: shape) {
            planJobs(arguments, placeholders: Array(replacing.keys), environment: environment, scratch: scratch)
        } : nil
        let executable: String
        let words: [String]
        if let jobs {
            executable = "/bin/sh"
            words = ["-c", CompilerJobs.script(jobs.commands(replacing: replacing, temporary: scratch.path))]
        } else {
            executable = toolchain.swiftc.path
            words = arguments.map { replacing[$0] ?? $0 }
        }
        var run: (timedOut: Bool, termination: Termination?, output: String)
        if let compilerSandbox {
            let command = compilerSandbox.command(running: executable, swiftc: toolchain.swiftc, arguments: words,
                                                  inputs: inputs.map { ($0.file, $0.shownAs) },
                                                  writable: writable + [moduleCache], temporary: scratch)
            run = try ChildProcess.run(command.executable, command.arguments, environment: [:], timeLimit: compileTimeLimit)
        } else {
            run = try ChildProcess.run(executable, words, environment: environment, timeLimit: compileTimeLimit,
                                       ownProcessGroup: true)
        }
        // The shell's status for a job a signal ended is 128 and the signal, as the driver reports it.
        if jobs != nil, case .exited(let status)? = run.termination, status > 128, status < 128 + 65 {
            run.termination = .signaled(status - 128)
        }
        return run
    }

    /// The driver's jobs for `arguments` (`swiftc -###`, run unconfined: the grader's own words,
    /// no learner's file is read), or nil when they cannot be replayed.
    private func planJobs(_ arguments: [String], placeholders: [String], environment: [String: String], scratch: URL)
        -> CompilerJobs?
    {
        guard let asked = try? ChildProcess.run(toolchain.swiftc.path, ["-###"] + arguments, environment: environment,
                                                timeLimit: 60),
              asked.termination == .exited(0) else { return nil }
        return CompilerJobs.parse(asked.output, placeholders: placeholders, temporary: scratch.path)
    }

    /// What brings a build nearer the floor (measured in `Benchmarks/README.md`): one frontend
    /// for the whole module instead of one per file, each of which parses and type-checks every
    /// file again (`-wmo`), and LLVM's linker where the toolchain ships it. Together they take a
    /// build to about 0.7× the time.
    static func speedFlags(_ toolchain: Toolchain) -> [String] {
        ["-wmo"] + (toolchain.hasLLD ? ["-use-ld=lld"] : [])
    }

    private func commonFlags(parseAsLibrary: Bool) -> [String] {
        (parseAsLibrary ? ["-parse-as-library"] : [])
            + ["-diagnostic-style=llvm", "-module-cache-path", moduleCache.path, "-I", toolchain.modulesDirectory.path]
            + toolchain.systemModuleDirectories.flatMap { ["-I", $0.path] }
    }

    /// The path the compiler is given for `input`: the name it is shown as, from the compiler
    /// sandbox's folder (so that `#filePath` and `#file` hold `Exercises/…/Solution.swift`, not
    /// where the course or a student's folder is on this machine); the file's own path when the
    /// compiler runs unconfined.
    private func compilerPath(_ input: BuildInput) -> String {
        compilerSandbox == nil ? input.file.path : input.shownAs
    }

    /// The compiler's messages, each at the file the learner knows, quoting lines of the build's
    /// own inputs only.
    private func parseDiagnostics(_ output: String, inputs: [BuildInput]) -> [Diagnostic] {
        var files: [String: URL] = [:]
        for input in inputs { files[compilerPath(input)] = input.file }
        return Diagnostic.parse(output, displayPath: { path in
            if let input = inputs.first(where: { compilerPath($0) == path }) {
                return compilerSandbox == nil ? displayPath(input.file.path) ?? input.shownAs : input.shownAs
            }
            return displayPath(path)
        }, quotable: { files[$0] })
    }

    /// Everything a build depends on, as bytes: compiler and runtime identity, flags, and the
    /// name (as shown, which `#filePath` holds) and content of every source and resource; and the
    /// ObjectGraph runtime when a source imports it (nil otherwise, or when it was not built: the
    /// compiler then says there is no such module). Each source is read once, for both.
    private func keyMaterial(inputs: [BuildInput], resources: BundleResources, parseAsLibrary: Bool) throws
        -> (material: Data, objectGraph: ObjectGraphRuntime?)
    {
        var material = Data("grader-build-v4 \(parseAsLibrary ? "library" : "main") \(compilerSandbox == nil ? "unconfined" : "confined")\n\(toolchain.fingerprint)\n".utf8)
        var importsObjectGraph = false
        for input in inputs {
            let url = input.file
            guard let content = FileManager.default.contents(atPath: url.path) else {
                throw GraderError.io("cannot read \(url.path)")
            }
            material.append(Data("source \(input.shownAs) \(content.count)\n".utf8))
            material.append(content)
            if !importsObjectGraph { importsObjectGraph = ObjectGraphRuntime.isImported(by: String(decoding: content, as: UTF8.self)) }
        }
        material.append(resourceMaterial(resources))
        let objectGraph = importsObjectGraph ? toolchain.objectGraph : nil
        if let objectGraph { material.append(Data("objectgraph\n\(objectGraph.fingerprint)\n".utf8)) }
        return (material, objectGraph)
    }

    /// The name and content of every file of `resources`, as bytes for a cache key.
    func resourceMaterial(_ resources: BundleResources) -> Data {
        var material = Data()
        for file in resources.resolved {
            let content = FileManager.default.contents(atPath: file.source.path) ?? Data()
            material.append(Data("resource \(file.path) \(content.count)\n".utf8))
            material.append(content)
        }
        return material
    }

    private func linkArguments() -> [String] {
        if toolchain.linkInputs.count == 1, toolchain.linkInputs[0].pathExtension == "a" {
            let archive = toolchain.linkInputs[0]
            return ["-L", archive.deletingLastPathComponent().path, "-lExerciseKit"]
        }
        return toolchain.linkInputs.map(\.path)
    }

    /// The path shown to the learner for a compiled file: relative to the course root.
    private func displayPath(_ absolute: String) -> String? {
        let root = courseRoot.standardizedFileURL.path + "/"
        let path = URL(fileURLWithPath: absolute).standardizedFileURL.path
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : nil
    }

    func copyResources(from resources: BundleResources, into bundle: URL) throws {
        let fm = FileManager.default
        for file in resources.resolved {
            let destination = bundle.appendingPathComponent(file.path)
            do {
                try fm.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fm.copyItem(at: file.source, to: destination)
            } catch {
                throw GraderError.io("cannot copy the resource \(file.path) into the app bundle: \(error.localizedDescription)")
            }
        }
    }

    struct StoredOutcome: Codable {
        var diagnostics: [Diagnostic]?
    }

    /// Moves a finished build into the cache; a build of the same inputs by another job wins.
    func store(_ outcome: BuildOutcome, material: Data, staging: URL, entry: URL) throws {
        let stored: StoredOutcome
        switch outcome {
        case .built: stored = StoredOutcome(diagnostics: nil)
        case .failed(let diagnostics): stored = StoredOutcome(diagnostics: diagnostics)
        }
        do {
            try material.write(to: staging.appendingPathComponent("inputs"))
            try JSONEncoder().encode(stored).write(to: staging.appendingPathComponent("outcome.json"))
            try? FileManager.default.removeItem(at: staging.appendingPathComponent("tmp"))
            if !FileManager.default.fileExists(atPath: entry.path) {
                try? FileManager.default.moveItem(at: staging, to: entry)
            }
        } catch {
            throw GraderError.io("cannot write the build cache in \(cacheDirectory.path): \(error.localizedDescription)")
        }
        trimmer.stored(entry.lastPathComponent)
    }

    /// The cached outcome, after checking that the cached inputs are byte for byte ours, so that
    /// a hash collision can never hand one submission another's binary.
    func cachedOutcome(entry: URL, material: Data, key: String) -> BuildOutcome? {
        guard let stored = FileManager.default.contents(atPath: entry.appendingPathComponent("inputs").path),
              stored == material,
              let outcomeData = FileManager.default.contents(atPath: entry.appendingPathComponent("outcome.json").path),
              let outcome = try? JSONDecoder().decode(StoredOutcome.self, from: outcomeData) else { return nil }
        trimmer.use(key)
        if let diagnostics = outcome.diagnostics { return .failed(diagnostics) }
        let bundle = entry.appendingPathComponent("App.app")
        guard FileManager.default.isExecutableFile(atPath: bundle.appendingPathComponent(AppBundle.executableName).path)
        else { return nil }
        return .built(AppBundle(directory: bundle, key: key))
    }
}

/// A source file of a build and the path it is shown as: to the compiler (and so in `#filePath`),
/// in compile errors, and in the cache key.
struct BuildInput: Sendable, Hashable {
    var file: URL
    /// Relative: `Exercises/01-defaults/01-car-settings/Solution.swift`, or a lesson program's `main.swift`.
    var shownAs: String

    /// Inputs shown by their file names (a lesson's generated program), numbered where two share one.
    static func named(_ files: [URL]) -> [BuildInput] {
        var seen = Set<String>()
        return files.enumerated().map { index, file in
            let name = seen.insert(file.lastPathComponent).inserted ? file.lastPathComponent : "\(index)-\(file.lastPathComponent)"
            return BuildInput(file: file, shownAs: name)
        }
    }
}
