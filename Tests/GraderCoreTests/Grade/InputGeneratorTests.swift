import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

struct InputGeneratorTests {
    static let spec = InputSpec(seed: 42, count: 200, variables: [
        .init(name: "age", generator: .int(min: 18, max: 65)),
        .init(name: "name", generator: .string(alphabet: GeneratorFile.expand(alphabet: "a-c"), minLength: 2, maxLength: 6)),
        .init(name: "tags", generator: .array(.optional(.bool), minLength: 0, maxLength: 3)),
        .init(name: "born", generator: .date(min: 0, max: 86_400 * 365)),
    ])

    @Test func theSameSeedGivesTheSameInputs() {
        let first = (0..<50).map { InputGenerator.input(Self.spec, index: $0) }
        let again = (0..<50).map { InputGenerator.input(Self.spec, index: $0) }
        #expect(first == again)
        var other = Self.spec
        other.seed = 43
        #expect((0..<50).map { InputGenerator.input(other, index: $0) } != first)
    }

    @Test func everyValueRespectsItsGenerator() throws {
        var ages = Set<Int>()
        for index in 0..<Self.spec.count {
            let input = InputGenerator.input(Self.spec, index: index)
            guard case .int(let age)? = input["age"], case .string(let name)? = input["name"],
                  case .array(let tags)? = input["tags"], case .string(let born)? = input["born"] else {
                Issue.record("unexpected shapes: \(input)")
                return
            }
            ages.insert(age)
            #expect((18...65).contains(age))
            #expect((2...6).contains(name.count) && name.allSatisfy { "abc".contains($0) })
            #expect(tags.count <= 3 && tags.allSatisfy { $0 == .null || $0 == .bool(true) || $0 == .bool(false) })
            let date = try #require(ISO8601DateFormatter().date(from: born))
            #expect((0...86_400 * 365).contains(Int(date.timeIntervalSince1970)))
        }
        // Edges come up on purpose.
        #expect(ages.contains(18) && ages.contains(65))
    }

    @Test func shrinkingFindsTheSmallestFailingInput() {
        // "Fails" for any name containing "c" and any age of 40 or more.
        let spec = InputSpec(seed: 1, count: 1, variables: [
            .init(name: "age", generator: .int(min: 0, max: 100)),
            .init(name: "name", generator: .string(alphabet: GeneratorFile.expand(alphabet: "a-z"), minLength: 0, maxLength: 20)),
        ])
        let failing: [String: JSONValue] = ["age": .int(93), "name": .string("xyzcqq")]
        let (smallest, steps) = InputGenerator.shrink(failing, spec: spec, budget: 500) { input in
            guard case .int(let age)? = input["age"], case .string(let name)? = input["name"] else { return false }
            return age >= 40 && name.contains("c")
        }
        #expect(smallest == ["age": .int(40), "name": .string("c")])
        #expect(steps > 0)
    }

    @Test func numbersInsideNestedListsShrinkToo() {
        // "Fails" for any inner list of three or more numbers: the list cannot get shorter,
        // but its numbers can become 0.
        let spec = InputSpec(seed: 1, count: 1, variables: [
            .init(name: "points", generator: .array(.array(.double(min: -100, max: 100), minLength: 0, maxLength: 3),
                                                    minLength: 0, maxLength: 3)),
        ])
        let failing: [String: JSONValue] = ["points": .array([
            .array([.double(84.99), .double(38.41), .double(-80.75)]), .array([]),
        ])]
        let (smallest, _) = InputGenerator.shrink(failing, spec: spec, budget: 500) { input in
            guard case .array(let lists)? = input["points"] else { return false }
            return lists.contains { if case .array(let inner) = $0 { return inner.count >= 3 } else { return false } }
        }
        #expect(smallest == ["points": .array([.array([.double(0), .double(0), .double(0)])])])
    }

    @Test func shrinkingStopsAtItsBudget() {
        var tries = 0
        // Every candidate "fails", so there is always a simpler one to try: only the budget stops it.
        _ = InputGenerator.shrink(["name": .string(String(repeating: "z", count: 40))], spec: InputSpec(seed: 1, count: 1, variables: [
            .init(name: "name", generator: .string(alphabet: ["a", "z"], minLength: 40, maxLength: 40)),
        ]), budget: 5) { _ in
            tries += 1
            return true
        }
        #expect(tries == 5)
    }

    @Test func alphabetsExpandRanges() {
        #expect(GeneratorFile.expand(alphabet: "a-c_-") == ["a", "b", "c", "_", "-"])
        #expect(GeneratorFile.expand(alphabet: "-x") == ["-", "x"])
        #expect(GeneratorFile.expand(alphabet: "0-2._-éñ") == ["0", "1", "2", ".", "_", "-", "é", "ñ"])
    }

    @Test func variablesAreSubstitutedWholeScalarsOnly() {
        let call = Call(operation: "save", arguments: .object(["name": .string("$name"), "note": .string("costs $5"),
                                                               "list": .array([.string("$age")])]),
                        expectation: .value(.string("$name")), stdout: nil, options: .standard)
        let testCase = TestCase(name: "c", index: 0, weight: 1, hidden: false, steps: [.call(call)])
        #expect(CaseInstance.referencedVariables(in: testCase) == ["age", "name"])
        let instance = CaseInstance.instantiate(testCase, input: ["name": .string("Ana"), "age": .int(3)])
        guard case .call(let made) = instance.steps[0] else { Issue.record("a call"); return }
        #expect(made.arguments == .object(["name": .string("Ana"), "note": .string("costs $5"), "list": .array([.int(3)])]))
        #expect(made.expectation == .value(.string("Ana")))
    }
}
