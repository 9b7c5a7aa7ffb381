import ExerciseKit
import Foundation

/// Decides whether a step's run meets its expectation: the literal one in the case, or the
/// reference implementation's run of the same step.
enum StepJudge {
    static func judge(_ step: Step, index: Int, run: StepRun, reference: StepRun?) -> StepFailure? {
        guard var failure = judgeRun(step, index: index, run: run, reference: reference) else { return nil }
        // A step that failed once its launch had reached a limit is reported as that limit:
        // the timeout of a fork bomb whose forks were refused is the process limit's doing.
        if let breach = run.breach, ![.limitExceeded, .driverFault, .referenceFailed].contains(failure.kind) {
            failure.message = "the app \(breach). Then: \(failure.message)"
            failure.kind = .limitExceeded
            failure.limit = breach
        }
        return failure
    }

    /// A timeout or a call too slow keeps how long the app waited for a processor, which the
    /// limit did not count, beside its message (``StepFailure/processorWait``).
    private static func timed(_ failure: StepFailure, _ run: StepRun) -> StepFailure {
        var failure = failure
        if let wait = run.processorWait, wait > 0 { failure.processorWait = wait }
        return failure
    }

    private static func judgeRun(_ step: Step, index: Int, run: StepRun, reference: StepRun?) -> StepFailure? {
        let label = step.action
        func failure(_ kind: FailureKind, _ message: String, mismatch: Mismatch? = nil,
                     expected: String? = nil, actual: String? = nil) -> StepFailure {
            StepFailure(kind: kind, stepIndex: index, step: label, message: message, mismatch: mismatch,
                        expected: expected, actual: actual, stdout: run.stdout, stderr: run.stderr)
        }
        let reply: WireReply
        switch run.event {
        case .replied(let replied): reply = replied
        case .relaunched, .killed: return nil
        case .crashed(let signal):
            return failure(.crashed, "the app crashed (\(signalName(signal)))\(crashHint(run.stderr))")
        case .exited(let code):
            return failure(.exited, "the app exited with status \(code) before answering (did your code call exit()?)")
        case .timedOut(let seconds):
            return timed(failure(.timedOut, "the app did not answer within \(formatSeconds(seconds)) (an endless loop, or waiting for something that never comes?)"), run)
        case .tooSlow(let limit, let factor, let referenceSeconds):
            let factorText = factor == factor.rounded() ? "\(Int(factor))×" : "\(factor)×"
            let rule = factor * referenceSeconds >= limit
                ? "\(factorText) the reference's \(formatDuration(referenceSeconds))"
                : "the case's floor; the reference took \(formatDuration(referenceSeconds))"
            return timed(failure(.tooSlow, "the call took longer than its limit of \(formatDuration(limit)) (\(rule)) and was stopped. This case measures speed: look for work your code repeats for every item, such as a transaction or a statement per row"), run)
        case .limitExceeded(let breach):
            var exceeded = failure(.limitExceeded, "the app \(breach)")
            exceeded.limit = breach
            return exceeded
        case .outputLimit(let bytes):
            return failure(.outputLimit, "the app printed more than \(bytes / 1024) KiB and was stopped (a print inside an endless loop?)")
        case .malformedReply(let text):
            return failure(.malformedReply, "the app's reply was not understood: \(text) (does your code write to file descriptor 4?)")
        case .forgedReply(let text):
            return failure(.malformedReply, "a reply that the exercise's driver did not write reached the grader: \(text). File descriptor 4 carries the driver's replies: your code must not write to it")
        }
        guard case .call(var call) = step else { return nil }  // a kill_during step is judged by what follows it
        if run.numberTypes == true { call.options.numberTypes = true }
        if case .fault(let message) = reply {
            return failure(.driverFault, "the exercise's driver could not run this step: \(message). This is a problem with the course, not your code; please report it.")
        }

        let expectedReply: WireReply
        switch call.expectation {
        case .value(let value):
            expectedReply = .value(value)
        case .oneOf(let values):
            guard case .value(let actual) = reply else {
                return failure(.unexpectedError, "the call threw \(render(reply)), but one of \(values.count) values was expected",
                               expected: values.map(\.jsonText).joined(separator: " or "), actual: render(reply))
            }
            let mismatches = values.map { Comparator.compare(expected: $0, actual: actual, options: call.options) }
            if !mismatches.contains(where: { $0 == nil }) {
                return failure(.wrongValue, "the result is none of the \(values.count) values allowed here (a torn or half-written document?)",
                               expected: values.map(\.jsonText).joined(separator: " or "), actual: actual.jsonText)
            }
            return checkOutput(call, run, failure)
        case .error(let pattern):
            guard case .error(let thrown) = reply else {
                return failure(.missingError, "expected the error \(pattern), but the call returned \(render(reply))",
                               expected: pattern.description, actual: render(reply))
            }
            if !pattern.matches(thrown) {
                return failure(.wrongError, "expected the error \(pattern), got \(render(.error(thrown)))",
                               expected: pattern.description, actual: "\(render(.error(thrown))): \(thrown.description)")
            }
            return checkOutput(call, run, failure)
        case .reference:
            guard let reference, case .replied(let referenceReply) = reference.event,
                  !isFault(referenceReply) else {
                return failure(.referenceFailed, "the reference implementation gave no result for this step (\(reference.map { String(describing: $0.event) } ?? "it did not run")). This is a problem with the course, not your code.")
            }
            expectedReply = referenceReply
        }

        switch (expectedReply, reply) {
        case (.value(let expected), .value(let actual)):
            if let mismatch = Comparator.compare(expected: expected, actual: actual, options: call.options) {
                let location = mismatch.path == "$" ? "" : "at \(mismatch.path): "
                return failure(.wrongValue, "\(location)\(mismatch.summary)", mismatch: mismatch,
                               expected: expected.jsonText, actual: actual.jsonText)
            }
        case (.value(let expected), .error(let thrown)):
            return failure(.unexpectedError, "the call threw \(render(.error(thrown))): \(thrown.description)",
                           expected: expected.jsonText, actual: render(.error(thrown)))
        case (.error(let expected), .error(let thrown)):
            var pattern = ErrorPattern(type: expected.type, case: expected.case, codingPath: expected.codingPath)
            if call.options.errorDetails {
                pattern.values = expected.values
                pattern.code = expected.code
                // An error without associated values must not gain some either.
                if expected.values == nil, thrown.values != nil { pattern.values = .null }
            }
            if !pattern.matches(thrown) {
                return failure(.wrongError, "expected the error \(render(.error(expected))), got \(render(.error(thrown)))",
                               expected: render(.error(expected)), actual: "\(render(.error(thrown))): \(thrown.description)")
            }
        case (.error(let expected), .value(let actual)):
            return failure(.missingError, "expected the error \(render(.error(expected))), but the call returned \(actual.jsonText)",
                           expected: render(.error(expected)), actual: actual.jsonText)
        default:
            break
        }
        return checkOutput(call, run, failure)
    }

    private static func checkOutput(
        _ call: Call, _ run: StepRun,
        _ failure: (FailureKind, String, Mismatch?, String?, String?) -> StepFailure
    ) -> StepFailure? {
        guard let wanted = call.stdout else { return nil }
        if normalize(wanted) == normalize(run.stdout) { return nil }
        return failure(.wrongOutput, "the printed output differs from what was expected", nil, wanted, run.stdout)
    }

    /// Trailing spaces and a final newline do not count.
    private static func normalize(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n")
            .trimmingCharacters(in: .newlines)
    }

    /// What a learner reads when their run faulted at a step the reference runs.
    static func learnerFaultMessage(_ fault: String) -> String {
        "the app answered with a driver fault (\(fault)), but the reference runs this step: check that your types, names and arguments match the statement's, and that your code never writes to file descriptor 4, which carries the driver's replies"
    }

    private static func isFault(_ reply: WireReply) -> Bool {
        if case .fault = reply { return true }
        return false
    }

    static func render(_ reply: WireReply) -> String {
        switch reply {
        case .value(let value): return value.jsonText
        case .error(let thrown):
            return ErrorPattern(type: thrown.type, case: thrown.case, codingPath: thrown.codingPath,
                                values: thrown.values, code: thrown.code).description
        case .fault(let message): return "fault: \(message)"
        }
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case 4: return "SIGILL: a Swift runtime trap such as fatalError, a force-unwrapped nil or an index out of range"
        case 5: return "SIGTRAP: a Swift runtime trap"
        case 6: return "SIGABRT"
        case 9: return "SIGKILL: killed, possibly for using too much memory"
        case 11: return "SIGSEGV: invalid memory access"
        case 24: return "SIGXCPU: CPU time limit exceeded"
        case 25: return "SIGXFSZ: a file grew past the size limit"
        default: return "signal \(signal)"
        }
    }

    /// The learner's own trap message ("Fatal error: …"), when the runtime printed one.
    private static func crashHint(_ stderr: String) -> String {
        guard let line = stderr.split(separator: "\n").first(where: { $0.contains("Fatal error") || $0.contains("Precondition failed") || $0.contains("Assertion failed") })
        else { return "" }
        return ": \(line.trimmingCharacters(in: .whitespaces))"
    }

    /// `4.2 ms`, `250 ms`, `1.93 s`: for measured times, which are rarely whole seconds.
    static func formatDuration(_ seconds: Double) -> String {
        if seconds < 0.01 { return String(format: "%.1f ms", seconds * 1000) }
        if seconds < 1 { return String(format: "%.0f ms", seconds * 1000) }
        return String(format: "%.2f s", seconds)
    }

    static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
    }
}

extension ErrorPattern {
    /// Whether `thrown` is this error: same type, and same case and coding path where stated.
    func matches(_ thrown: ThrownError) -> Bool {
        thrown.type == type
            && (self.case == nil || thrown.case == self.case)
            && (codingPath == nil || thrown.codingPath == codingPath)
            && (values == nil || Comparator.compare(expected: values!, actual: thrown.values ?? .null, options: .standard) == nil)
            && (code == nil || thrown.code == code)
            && (message == nil || thrown.description.trimmingCharacters(in: .whitespacesAndNewlines) == message)
    }
}
