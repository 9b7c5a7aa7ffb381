import Foundation

/// Checks a lesson: compiles and runs its programs in app containers and compares every
/// `// Prints` comment and `output` block with what the program printed at that point.
public struct LessonChecker {
    let engine: BuildEngine
    let launcher: AppLauncher
    let limits: Limits
    let workDirectory: URL
    /// Lessons see the course's whole `Resources/` folder in `Bundle.main`.
    let resources: BundleResources

    init(course: Course, workbench: Workbench) {
        resources = .folder(course.resourcesDirectory)
        engine = workbench.engine
        launcher = workbench.launcher
        limits = course.limits
        workDirectory = workbench.containersDirectory
    }

    /// Checks `document`; with `fix`, rewrites its stale checks in place.
    public func check(_ document: LessonDocument, fix: Bool = false) throws -> LessonResult {
        var failures: [LessonFailure] = []
        var checks = 0
        var fixes: [LessonFixer.Edit] = []
        let swift = document.blocks.filter(\.isSwift)

        // The shared program: every unmarked block, top to bottom.
        let shared = swift.filter(\.isShared)
        if !shared.isEmpty {
            let program = LessonProgram(blocks: shared, file: document.url, checked: true)
            checks += program.checkpoints.count
            let found = try runChecked(program, document: document, name: "shared")
            failures += found.failures
            fixes += found.fixes
        }

        for block in swift where !block.isShared {
            checks += 1
            let prefix = shared.filter { $0.fenceLine < block.fenceLine }
            let line = block.fenceLine
            for mark in block.marks {
                switch mark {
                case .isolated:
                    let program = LessonProgram(blocks: [block], file: document.url, checked: true)
                    checks += program.checkpoints.count
                    let found = try runChecked(program, document: document, name: "isolated-\(line)")
                    failures += found.failures
                    fixes += found.fixes
                case .noRun:
                    let program = LessonProgram(blocks: prefix + [block], file: document.url, checked: false)
                    let errors = try typecheck(program, name: "no-run-\(line)").filter { $0.severity == .error }
                    failures += errors.map { failure(from: $0, document: document, program: program) }
                case .compileFail(let text):
                    let program = LessonProgram(blocks: prefix + [block], file: document.url, checked: false)
                    let errors = try typecheck(program, name: "compile-fail-\(line)").filter { $0.severity == .error }
                    if errors.isEmpty {
                        failures.append(LessonFailure(file: document.displayPath, line: line,
                                                      message: "this compile_fail block compiles; expected an error containing \"\(text)\""))
                    } else if !errors.contains(where: { $0.message.contains(text) }) {
                        failures.append(LessonFailure(file: document.displayPath, line: line,
                                                      message: "expected a compile error containing \"\(text)\", got \"\(errors[0].message)\""))
                    }
                case .traps:
                    let program = LessonProgram(blocks: prefix + [block], file: document.url, checked: false)
                    switch try buildAndRun(program, name: "traps-\(line)") {
                    case .failedToBuild(let diagnostics):
                        failures += diagnostics.filter { $0.severity == .error }.map { failure(from: $0, document: document, program: program) }
                    case .ran(let run):
                        if case .crashed = run.event { break }
                        failures.append(LessonFailure(file: document.displayPath, line: line,
                                                      message: "this traps block was expected to crash, but the program \(describe(run.event))"))
                    }
                case .ignore, .text:
                    break
                }
            }
        }
        var fixed = 0
        if fix, !fixes.isEmpty {
            try LessonFixer.apply(fixes, to: document)
            fixed = fixes.count
        }
        return LessonResult(lesson: document.displayPath, checks: checks, failures: failures, problems: [], fixed: fixed)
    }

    private enum Outcome {
        case failedToBuild([Diagnostic])
        case ran(ProgramRun)
    }

    typealias ProgramRun = AppLauncher.ProgramRun

    private func runChecked(_ program: LessonProgram, document: LessonDocument, name: String) throws
        -> (failures: [LessonFailure], fixes: [LessonFixer.Edit])
    {
        let run: ProgramRun
        switch try buildAndRun(program, name: name) {
        case .failedToBuild(let diagnostics):
            return (diagnostics.filter { $0.severity == .error }.map { failure(from: $0, document: document, program: program) }, [])
        case .ran(let ran):
            run = ran
        }
        let (segments, rest) = LessonProgram.segments(of: run.stdout)
        var failures: [LessonFailure] = []
        var fixes: [LessonFixer.Edit] = []
        var lastPassed: Int?
        for checkpoint in program.checkpoints {
            guard let actual = segments[checkpoint.id] else {
                // The program ended before this check: say where and why, once.
                failures.append(crashFailure(run, document: document, after: lastPassed, before: checkpoint.line, printed: rest))
                break
            }
            lastPassed = checkpoint.line
            if Self.agrees(expected: checkpoint.expected, actual: actual, matching: checkpoint.matching) { continue }
            failures.append(LessonFailure(file: document.displayPath, line: checkpoint.line,
                                          message: Self.mismatchMessage(expected: checkpoint.expected, actual: actual),
                                          expected: checkpoint.expected, actual: Self.normalize(actual)))
            // Nothing printed leaves nothing to write: deleting the `// Prints` lines would only
            // hide the mismatch, so the author sees it instead.
            let printed = Self.normalize(actual)
            if !checkpoint.matching, !printed.isEmpty || !checkpoint.fix.isPrintsComment {
                fixes.append(LessonFixer.Edit(target: checkpoint.fix, actual: printed))
            }
        }
        if failures.isEmpty, !isCleanExit(run.event) {
            failures.append(crashFailure(run, document: document, after: lastPassed, before: nil, printed: rest))
        }
        return (failures, fixes)
    }

    private func isCleanExit(_ event: StepEvent) -> Bool {
        if case .exited(0) = event { return true }
        return false
    }

    /// Where and why the program stopped early. A trap in the lesson's code names its line
    /// (thanks to #sourceLocation); an error thrown at the top level names none, so the
    /// failure gives the lines between which it happened and what was printed since.
    private func crashFailure(_ run: ProgramRun, document: LessonDocument, after: Int?, before line: Int?,
                              printed: [String]) -> LessonFailure {
        let name = document.url.lastPathComponent
        let stderr = run.stderr.components(separatedBy: "\n")
        var location = line
        var detail = describe(run.event)
        if let trap = stderr.first(where: { $0.contains(name + ":") && $0.contains("error") }) {
            let afterName = trap.components(separatedBy: name + ":").last ?? ""
            location = Int(afterName.prefix { $0.isNumber }) ?? location
            detail = "crashed: " + (trap.components(separatedBy: ": ").dropFirst().joined(separator: ": "))
        } else if let fatal = stderr.first(where: { $0.contains("Fatal error: ") }) {
            detail = "crashed: " + (fatal.components(separatedBy: "Fatal error: ").last ?? fatal)
            let from = after.map { "after line \($0)" } ?? "before its first check"
            detail += " (somewhere \(from)\(line.map { " and before line \($0)" } ?? ""))"
        }
        if !printed.isEmpty {
            detail += "; since the last check it printed:\n" + printed.suffix(10).map { "      | \($0)" }.joined(separator: "\n")
        }
        return LessonFailure(file: document.displayPath, line: location, message: "the lesson's program \(detail)")
    }

    private func describe(_ event: StepEvent) -> String {
        switch event {
        case .exited(0): return "ran to the end"
        case .exited(let code): return "exited with status \(code)"
        case .crashed(let signal): return "crashed (\(StepJudge.signalName(signal)))"
        case .timedOut(let seconds): return "did not finish within \(StepJudge.formatSeconds(seconds))"
        case .outputLimit(let bytes): return "printed more than \(bytes / 1024) KiB"
        case .limitExceeded(let breach): return breach.description
        default: return "ended unexpectedly"
        }
    }

    /// A compiler error as a lesson failure. One without a location (the compiler crashed or ran
    /// out of time, typically on a huge block) is placed at the lesson line it is about.
    private func failure(from diagnostic: Diagnostic, document: LessonDocument, program: LessonProgram) -> LessonFailure {
        guard diagnostic.line == nil else {
            return LessonFailure(file: diagnostic.file ?? document.displayPath, line: diagnostic.line,
                                 message: "error: \(diagnostic.message)")
        }
        return LessonFailure(file: document.displayPath,
                             line: program.lessonLine(forUnlocated: diagnostic.message, lessonFile: document.url.lastPathComponent),
                             message: "error: \(diagnostic.message)")
    }

    private func folder(_ name: String) -> URL {
        workDirectory.appendingPathComponent("lesson-\(UUID().uuidString.prefix(8))-\(name)")
    }

    private func typecheck(_ program: LessonProgram, name: String) throws -> [Diagnostic] {
        let directory = folder(name)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try engine.typecheck(inputs: try program.write(to: directory))
    }

    private func buildAndRun(_ program: LessonProgram, name: String) throws -> Outcome {
        let directory = folder(name)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputs = try program.write(to: directory)
        let bundle: AppBundle
        switch try engine.build(inputs: inputs, resources: resources,
                                parseAsLibrary: false) {
        case .failed(let diagnostics): return .failedToBuild(diagnostics)
        case .built(let built): bundle = built
        }
        let container = try AppContainer.create(in: directory)
        return .ran(try launcher.run(bundle, on: container, limits: limits))
    }

    /// Trailing whitespace of each line and trailing empty lines do not count.
    static func normalize(_ lines: [String]) -> [String] {
        var result = lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        while result.last == "" { result.removeLast() }
        return result
    }

    static func agrees(expected: [String], actual: [String], matching: Bool) -> Bool {
        let wanted = normalize(expected).joined(separator: "\n")
        let got = normalize(actual).joined(separator: "\n")
        guard matching else { return wanted == got }
        let pattern = "^" + wanted.components(separatedBy: "...").map(NSRegularExpression.escapedPattern(for:))
            .joined(separator: ".*") + "$"
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else { return false }
        return regex.firstMatch(in: got, range: NSRange(got.startIndex..., in: got)) != nil
    }

    static func mismatchMessage(expected: [String], actual: [String]) -> String {
        let wanted = normalize(expected)
        let got = normalize(actual)
        if wanted.count <= 1 && got.count <= 1 {
            return "expected \"\(wanted.first ?? "")\", got \"\(got.first ?? "")\""
        }
        return "expected \(wanted.count) lines of output, got \(got.count) (first difference: expected \"\(Self.firstDifference(wanted, got).0)\", got \"\(Self.firstDifference(wanted, got).1)\")"
    }

    private static func firstDifference(_ a: [String], _ b: [String]) -> (String, String) {
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? a[index] : ""
            let right = index < b.count ? b[index] : ""
            if left != right { return (left, right) }
        }
        return ("", "")
    }
}
