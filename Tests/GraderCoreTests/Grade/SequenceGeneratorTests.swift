import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// The edges an exploration's arguments favour, each still a value its generator could make.
struct SequenceGeneratorTests {
    private func edges(_ generator: ValueGenerator, near earlier: [JSONValue] = [], draws: Int = 300) -> Set<JSONValue> {
        var random = SeededRandom(seed: 9)
        return Set((0..<draws).compactMap { _ in SequenceGenerator.edge(of: generator, near: earlier, using: &random) })
    }

    @Test func stringsAreEmptyLongestOrAnEarlierOneInAnotherCaseOrPadded() {
        let letters = GeneratorFile.expand(alphabet: "abAB ")
        let found = edges(.string(alphabet: letters, minLength: 0, maxLength: 4), near: [.string("ab")])
        #expect(found.contains(.string("")))
        #expect(found.contains(.string("AB")))
        #expect(found.contains(.string(" ab ")))
        #expect(found.allSatisfy { $0.stringValue.map { $0.count <= 4 && $0.allSatisfy { letters.contains(String($0)) } } ?? false })
        // An alphabet without capitals or spaces gets no such variants.
        let lower = edges(.string(alphabet: ["a", "b"], minLength: 1, maxLength: 3), near: [.string("ab")])
        #expect(!lower.contains(.string("AB")) && !lower.contains(.string(" ab ")) && !lower.contains(.string("")))
    }

    @Test func stringsLoseTheirAccentsOrSpellThemAsCombiningMarks() {
        let letters = ["J", "o", "s", "e", "é"]
        let found = edges(.string(alphabet: letters, minLength: 0, maxLength: 6), near: [.string("José")]).compactMap(\.stringValue)
        #expect(found.contains("Jose"))
        // "José" with "e" and a combining acute accent: equal to "José" for Swift, not byte for byte.
        #expect(found.contains { $0.unicodeScalars.elementsEqual("Jose\u{0301}".unicodeScalars) })
        // An alphabet without the plain "e" has no unaccented variant.
        let accented = edges(.string(alphabet: ["J", "o", "s", "é"], minLength: 0, maxLength: 6), near: [.string("José")])
        #expect(!accented.contains(.string("Jose")))
    }

    @Test func anArgumentTakesTheValueAnotherCallGaveAnArgumentOfTheSameName() {
        // create(name) then rename(name, to): renaming to the same name, or renaming the one that
        // exists, needs the created name again.
        let name = ValueGenerator.string(alphabet: GeneratorFile.expand(alphabet: "a-zA-Z"), minLength: 1, maxLength: 8)
        let create = ExplorationSpec.Operation(name: "create", arguments: [InputSpec.Variable(name: "name", generator: name)],
                                               weight: 1, errorDetails: false, unordered: false)
        let rename = ExplorationSpec.Operation(name: "rename", arguments: [InputSpec.Variable(name: "name", generator: name),
                                                                           InputSpec.Variable(name: "to", generator: name)],
                                               weight: 1, errorDetails: false, unordered: false)
        let count = ExplorationSpec.Operation(name: "count", arguments: [InputSpec.Variable(name: "name", generator: .int(min: 0, max: 3))],
                                              weight: 1, errorDetails: false, unordered: false)
        var reused = 0
        for index in 0..<50 {
            var random = SeededRandom(seed: 2, index: index)
            var used: [String: [JSONValue]] = [:]
            let created = SequenceGenerator.makeCall(create, used: &used, using: &random).arguments?["name"]
            let renamed = SequenceGenerator.makeCall(rename, used: &used, using: &random).arguments?["name"]
            if created == renamed { reused += 1 }
            // A value another generator could not make is never given: no text for an Int.
            let counted = SequenceGenerator.makeCall(count, used: &used, using: &random).arguments?["name"]
            if case .int? = counted {} else { Issue.record("not an Int: \(String(describing: counted))") }
        }
        // Drawn at random from eight letters, the same name would almost never come twice.
        #expect(reused >= 8, "\(reused) of 50")
    }

    @Test func numbersAreEndsAndFractionsDatesAreADaysFirstAndLastSecond() {
        #expect(edges(.int(min: 3, max: 9)) == [.int(3), .int(9)])
        let doubles = edges(.double(min: 0, max: 10))
        #expect(doubles.contains(.double(5.5)) && doubles.contains(.double(0.25)) && doubles.contains(.double(10)))
        let dates = edges(.date(min: 0, max: 86_400 * 30)).compactMap(\.stringValue)
        #expect(!dates.isEmpty)
        #expect(dates.allSatisfy { $0.hasSuffix("T00:00:00Z") || $0.hasSuffix("T23:59:59Z") })
        #expect(dates.contains { $0.hasSuffix("T23:59:59Z") })
    }

    @Test func anOperationsWholeArgumentCanBeOneGenerator() {
        // `argument:` in exercise.yml: a bare list, as `save([Shape])` takes.
        let list = ValueGenerator.array(.int(min: 1, max: 3), minLength: 0, maxLength: 4)
        let whole = ExplorationSpec.Operation(name: "save", arguments: [InputSpec.Variable(name: ExplorationSpec.Operation.wholeArgument, generator: list)],
                                              weight: 1, errorDetails: false, unordered: false)
        #expect(whole.wholeArgumentGenerator != nil)
        var random = SeededRandom(seed: 4)
        var used: [String: [JSONValue]] = [:]
        let calls = (0..<40).map { _ in SequenceGenerator.makeCall(whole, used: &used, using: &random) }
        for call in calls {
            guard case .array(let items)? = call.arguments else { Issue.record("not a bare list: \(String(describing: call.arguments))"); continue }
            #expect(items.count <= 4 && items.allSatisfy { [.int(1), .int(2), .int(3)].contains($0) })
        }
        #expect(calls.contains { $0.arguments == .array([]) })
        // Named arguments still make an object.
        let named = ExplorationSpec.Operation(name: "add", arguments: [InputSpec.Variable(name: "n", generator: .int(min: 1, max: 3))],
                                             weight: 1, errorDetails: false, unordered: false)
        #expect(named.wholeArgumentGenerator == nil)
        if case .object(let members)? = SequenceGenerator.makeCall(named, used: &used, using: &random).arguments {
            #expect(members.keys.sorted() == ["n"])
        } else {
            Issue.record("named arguments must make an object")
        }
    }

    @Test func theTrickyCharsetHasWhatBreaksCode() {
        let tricky = Set(Charset.tricky.characters)
        for character in ["%", "_", "'", "\"", "\\", " ", "A", "a", "é", "e\u{301}", "🙂"] {
            #expect(tricky.contains(character), "\(character)")
        }
    }
}
