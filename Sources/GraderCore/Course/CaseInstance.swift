import ExerciseKit
import Foundation

/// Turns a randomized case into a concrete one by putting each generated value where the
/// steps say `$name`.
enum CaseInstance {
    /// The variables the steps and container checks mention, such as `name` for `"$name"`.
    static func referencedVariables(in testCase: TestCase) -> [String] {
        var names = Set<String>()
        func visit(_ value: JSONValue?) {
            switch value {
            case .string(let text)?: if let name = variable(text) { names.insert(name) }
            case .array(let items)?: items.forEach(visit)
            case .object(let members)?: members.values.forEach(visit)
            default: break
            }
        }
        for step in testCase.steps {
            switch step {
            case .call(let call), .killDuring(let call):
                visit(call.arguments)
                switch call.expectation {
                case .value(let value): visit(value)
                case .oneOf(let values): values.forEach(visit)
                default: break
                }
            case .relaunch, .kill, .update: break
            }
        }
        testCase.container.forEach { visit($0.equals) }
        return names.sorted()
    }

    /// `testCase` with every `"$name"` replaced by `input[name]`.
    static func instantiate(_ testCase: TestCase, input: [String: JSONValue]) -> TestCase {
        func substitute(_ value: JSONValue) -> JSONValue {
            switch value {
            case .string(let text): return variable(text).flatMap { input[$0] } ?? value
            case .array(let items): return .array(items.map(substitute))
            case .object(let members): return .object(members.mapValues(substitute))
            default: return value
            }
        }
        func substitute(_ call: Call) -> Call {
            var call = call
            call.arguments = call.arguments.map(substitute)
            switch call.expectation {
            case .value(let value): call.expectation = .value(substitute(value))
            case .oneOf(let values): call.expectation = .oneOf(values.map(substitute))
            default: break
            }
            return call
        }
        var instance = testCase
        instance.inputs = nil
        instance.steps = testCase.steps.map { step in
            switch step {
            case .call(let call): return .call(substitute(call))
            case .killDuring(let call): return .killDuring(substitute(call))
            case .relaunch, .kill, .update: return step
            }
        }
        instance.container = testCase.container.map { assertion in
            var assertion = assertion
            assertion.equals = assertion.equals.map(substitute)
            return assertion
        }
        return instance
    }

    /// `name` for the text `$name`.
    private static func variable(_ text: String) -> String? {
        guard text.hasPrefix("$"), text.count > 1 else { return nil }
        let name = text.dropFirst()
        guard name.first.map({ $0.isLetter || $0 == "_" }) == true,
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(name)
    }
}
