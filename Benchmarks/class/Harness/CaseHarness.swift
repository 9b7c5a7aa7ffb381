import Foundation
import XCTest
@testable import ExerciseKit

/// Runs one visible case of an exercise the way an Exercism-style test does: every step in
/// this one process, through the operations the exercise's driver registers.
///
/// A `relaunch` runs the driver's termination handlers, saves the user defaults and registers
/// the driver again (a new store, in the same process); a `kill` registers it again without
/// either. Expected values come from `cases.json` at the package's root: the case's literals,
/// and for the steps and checks the grader compares with the reference, what a run of the
/// reference in this same harness gave (`HARNESS_RECORD=FILE` makes such a run and writes them).
/// Part of Benchmarks/class (README there); copied into each generated package's test target.
enum CaseHarness {
    static let book: CaseBook = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appendingPathComponent("cases.json")
        do {
            return try JSONDecoder().decode(CaseBook.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()

    /// What a reference run observed, by case name: `steps[i]` and `checks[i]` as outcomes.
    nonisolated(unsafe) static var recorded: [String: [String: [String: JSONValue]]] = [:]
    static let recordPath = ProcessInfo.processInfo.environment["HARNESS_RECORD"]

    /// Runs the case named `name` with `driver`; XCTest failures for what differs.
    static func run(_ name: String, driver: any ExerciseDriver.Type,
                    file: StaticString = #filePath, line: UInt = #line) throws {
        guard let spec = book.cases.first(where: { $0.name == name }) else {
            return XCTFail("no case named \(name) in cases.json", file: file, line: line)
        }
        if spec.skipped == true { return }
        let container = AppContainer.fresh(suites: book.suites)
        var operations = launch(driver)
        var observed: [String: JSONValue] = [:]
        for (index, step) in spec.steps.enumerated() {
            switch step.action {
            case "relaunch":
                for handler in operations.terminationHandlers { handler() }
                UserDefaults.standard.synchronize()
                for suite in book.suites { UserDefaults(suiteName: suite)?.synchronize() }
                operations = launch(driver)
            case "kill":
                operations = launch(driver)
            default:
                let (outcome, printed) = call(operations, step)
                let where_ = "step \(index + 1) (\(step.action))"
                if recordPath != nil {
                    // A reference run records; the verification run after it judges.
                    if step.expectation.kind == "reference" { observed["step \(index)"] = outcome.json }
                    continue
                }
                if let problem = step.expectation.judge(outcome, options: step.options(typed: operations.typedNumbers)) {
                    XCTFail("\(name), \(where_): \(problem)", file: file, line: line)
                    return
                }
                if let wanted = step.stdout, normalized(wanted) != normalized(printed) {
                    XCTFail("\(name), \(where_): printed \(printed.debugDescription), expected \(wanted.debugDescription)",
                            file: file, line: line)
                    return
                }
            }
        }
        for (index, check) in spec.container.enumerated() {
            let observation = container.observe(check)
            if recordPath != nil {
                if check.comparesWithReference { observed["check \(index)"] = observation.tagged }
                continue
            }
            if let problem = check.judge(observation) {
                XCTFail("\(name), container check \(index + 1) (\(check.path)): \(problem)", file: file, line: line)
                return
            }
        }
        if let recordPath {
            recorded[name] = observed.mapValues { ["observed": $0] }
            let data = try JSONEncoder.exercise.encode(recorded)
            try data.write(to: URL(fileURLWithPath: recordPath))
        }
    }

    static func launch(_ driver: any ExerciseDriver.Type) -> Operations {
        var operations = Operations()
        driver.register(&operations)
        return operations
    }

    /// Calls the step's operation; what it returned or threw, and what it printed when the step
    /// states its output.
    static func call(_ operations: Operations, _ step: StepSpec) -> (Outcome, String) {
        guard let handler = operations.handlers[step.action] else {
            return (.fault("unknown operation \(step.action)"), "")
        }
        let capture = step.stdout == nil ? nil : OutputCapture.start()
        let outcome: Outcome
        do {
            outcome = .value(try handler(step.args?.untagged))
        } catch let fault as DriverFault {
            outcome = .fault(fault.description)
        } catch {
            outcome = .error(ThrownError(describing: error))
        }
        return (outcome, capture?.finish() ?? "")
    }

    static func normalized(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()) }
            .joined(separator: "\n").trimmingCharacters(in: .newlines)
    }
}

/// What a call did.
enum Outcome {
    case value(JSONValue)
    case error(ThrownError)
    case fault(String)

    /// As recorded in cases.json: `{"value": …}` (numbers' types kept) or `{"error": …}`.
    var json: JSONValue {
        switch self {
        case .value(let value): return .object(["value": value.tagged])
        case .error(let thrown):
            var members: [String: JSONValue] = ["type": .string(thrown.type), "case": .string(thrown.case)]
            if let path = thrown.codingPath { members["path"] = .string(path) }
            if let values = thrown.values { members["value"] = values.tagged }
            if let code = thrown.code { members["code"] = .int(code) }
            return .object(["error": .object(members)])
        case .fault(let message): return .object(["fault": .string(message)])
        }
    }

    var description: String {
        switch self {
        case .value(let value): return value.jsonText
        case .error(let thrown): return "the error \(thrown.type).\(thrown.case) (\(thrown.description))"
        case .fault(let message): return "a driver fault: \(message)"
        }
    }
}

/// Standard output of one call, through a temporary file in place of descriptor 1.
struct OutputCapture {
    let saved: Int32
    let url: URL

    static func start() -> OutputCapture? {
        fflush(stdout)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stdout-\(UUID().uuidString)")
        let fd = open(url.path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
        guard fd >= 0 else { return nil }
        let saved = dup(1)
        dup2(fd, 1)
        close(fd)
        return OutputCapture(saved: saved, url: url)
    }

    func finish() -> String {
        fflush(stdout)
        dup2(saved, 1)
        close(saved)
        defer { try? FileManager.default.removeItem(at: url) }
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
}
