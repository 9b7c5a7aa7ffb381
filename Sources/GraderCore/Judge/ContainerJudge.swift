import ExerciseKit
import Foundation

/// Decides whether what a solution left in its container meets the case's `container:` checks.
enum ContainerJudge {
    /// The first failing assertion, or nil. `stepCount` numbers the checks after the steps.
    static func judge(_ assertions: [ContainerAssertion], observed: [ContainerObservation],
                      reference: [ContainerObservation]?, stepCount: Int) -> StepFailure? {
        for (index, assertion) in assertions.enumerated() {
            let referenceObservation = reference.flatMap { index < $0.count ? $0[index] : nil }
            // Every check has its observation unless a step failed first; a missing one must not
            // pass silently.
            let message = index < observed.count
                ? check(assertion, observed[index], reference: referenceObservation)
                : Message(text: "the container was not read for this check. This is a problem with the grader, not your code; please report it.", kind: .driverFault)
            if let message {
                return StepFailure(kind: message.kind, stepIndex: stepCount + index,
                                   step: assertion.action, message: message.text,
                                   mismatch: message.mismatch, expected: message.expected, actual: message.actual,
                                   stdout: "", stderr: "")
            }
        }
        return nil
    }

    struct Message {
        var text: String
        var mismatch: Mismatch?
        var expected: String?
        var actual: String?
        /// `wrongContainer`, or a course defect: the check itself is wrong (`driverFault`) or
        /// the reference left nothing to compare with (`referenceFailed`).
        var kind = FailureKind.wrongContainer
    }

    static func check(_ assertion: ContainerAssertion, _ observation: ContainerObservation,
                      reference: ContainerObservation?) -> Message? {
        let path = assertion.path
        if case .unreadable(let reason) = observation {
            return Message(text: "\(reason); the grader does not follow it")
        }
        if assertion.absentLikeReference == true, assertion.equals == nil, assertion.kind != .absent, reference == .missing {
            if observation == .missing { return nil }
            return Message(text: "\(path) should not exist (the reference leaves none after these steps), but \(describe(observation))")
        }
        switch assertion.kind {
        case .absent:
            if observation == .missing { return nil }
            return Message(text: "\(path) should not exist, but \(describe(observation))")
        case .directory:
            guard case .directory(let names) = observation else {
                return Message(text: "\(path) should be a folder, but \(describe(observation))")
            }
            let wanted: JSONValue
            if let equals = assertion.equals {
                wanted = equals
            } else {
                guard case .directory(let referenceNames)? = reference else {
                    return referenceMissing(path, reference)
                }
                wanted = .array(referenceNames.map(JSONValue.string))
            }
            return compare(path, "its listing differs", wanted, .array(names.map(JSONValue.string)), assertion.options)
        case .file, .plist, .xmlPlist, .binaryPlist, .json, .sqlite:
            guard case .file(let size, let content) = observation else {
                return Message(text: "\(path) should be a file, but \(describe(observation))")
            }
            if let minSize = assertion.minSize, size < minSize {
                return Message(text: "\(path) has \(size) bytes; at least \(minSize) were expected")
            }
            if let maxSize = assertion.maxSize, size > maxSize {
                return Message(text: "\(path) has \(size) bytes; at most \(maxSize) were expected")
            }
            if assertion.kind == .sqlite { return checkDatabase(assertion, content, reference: reference) }
            return checkContent(assertion, content, reference: reference)
        }
    }

    private static func checkDatabase(_ assertion: ContainerAssertion, _ content: ContainerObservation.FileContent?,
                                      reference: ContainerObservation?) -> Message? {
        let path = assertion.path
        guard case .database(let snapshot)? = content else {
            if case .invalid(let reason)? = content { return Message(text: "\(path) should be a SQLite database, but \(reason)") }
            return Message(text: "\(path) should be a SQLite database, but the grader could not read it")
        }
        if snapshot.integrity != ["ok"] {
            return Message(text: "\(path) is damaged: PRAGMA integrity_check says \(snapshot.integrity.prefix(3).joined(separator: "; "))")
        }
        if let version = assertion.userVersion, version != snapshot.userVersion {
            return Message(text: "\(path) has user_version \(snapshot.userVersion); \(version) was expected",
                           expected: String(version), actual: String(snapshot.userVersion))
        }
        guard let query = assertion.query else { return nil }
        if snapshot.queryWrites {
            return Message(text: "the check's query `\(query)` is not read-only, so the grader did not run it. This is a problem with the course, not your code.",
                           kind: .driverFault)
        }
        if let error = snapshot.queryError {
            return Message(text: "\(path): the query `\(query)` failed on your database: \(error)")
        }
        let actual = JSONValue.array((snapshot.rows ?? []).map(JSONValue.array))
        let wanted: JSONValue
        if let equals = assertion.equals {
            wanted = equals
        } else {
            guard case .file(_, .database(let referenceSnapshot)?)? = reference, let rows = referenceSnapshot.rows else {
                return referenceMissing(path, reference)
            }
            wanted = .array(rows.map(JSONValue.array))
        }
        return compare(path, "the rows of `\(query)` differ", wanted, actual, assertion.options)
    }

    private static func checkContent(_ assertion: ContainerAssertion, _ content: ContainerObservation.FileContent?,
                                     reference: ContainerObservation?) -> Message? {
        let path = assertion.path
        let actual: JSONValue
        switch content {
        case nil:
            return nil
        case .invalid(let reason)?:
            return Message(text: "\(path) should be a \(assertion.kind.rawValue) document, but \(reason)")
        case .text(let text)?:
            actual = .string(text)
        case .database?:
            return nil
        case .json(let value)?:
            actual = value
        case .plist(let format, let value)?:
            if assertion.kind != .plist, format != assertion.kind.rawValue {
                return Message(text: "\(path) is a property list in the \(format == "xml-plist" ? "XML" : "binary") format; the \(assertion.kind == .xmlPlist ? "XML" : "binary") format was expected",
                               expected: assertion.kind.rawValue, actual: format)
            }
            actual = value
        }
        let wanted: JSONValue
        if let equals = assertion.equals {
            wanted = equals
        } else {
            guard case .file(_, let referenceContent)? = reference else { return referenceMissing(path, reference) }
            switch referenceContent {
            case .json(let value)?, .plist(_, let value)?: wanted = value
            case .text(let text)?: wanted = .string(text)
            default: return referenceMissing(path, reference)
            }
        }
        return compare(path, "its content differs", wanted, actual, assertion.options)
    }

    private static func compare(_ path: String, _ what: String, _ expected: JSONValue, _ actual: JSONValue,
                                _ options: ComparisonOptions) -> Message? {
        guard let mismatch = Comparator.compare(expected: expected, actual: actual, options: options) else { return nil }
        let location = mismatch.path == "$" ? "" : " at \(mismatch.path)"
        return Message(text: "\(path): \(what)\(location): \(mismatch.summary)", mismatch: mismatch,
                       expected: expected.jsonText, actual: actual.jsonText)
    }

    private static func referenceMissing(_ path: String, _ reference: ContainerObservation?) -> Message {
        Message(text: "the reference implementation left no usable \(path) to compare with (\(reference.map(describe) ?? "it did not run")). This is a problem with the course, not your code.",
                kind: .referenceFailed)
    }

    static func describe(_ observation: ContainerObservation) -> String {
        switch observation {
        case .missing: return "it does not exist"
        case .file(let size, _): return "it is a file of \(size) bytes"
        case .directory(let names): return "it is a folder with \(names.count) item\(names.count == 1 ? "" : "s")"
        case .unreadable(let reason): return reason
        }
    }
}
