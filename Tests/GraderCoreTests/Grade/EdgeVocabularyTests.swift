import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// Every generator of `exercise.yml` draws from one vocabulary of edge values, unless its
/// exercise rules a class out and says why: a few hundred draws meet each class.
struct EdgeVocabularyTests {
    /// `count` inputs of `values` (YAML generators, one per line), as an exercise would load them.
    private func draws(_ values: [String: String], count: Int = 400) throws -> [[String: JSONValue]] {
        let spec = try #require(try loadedSpec(values))
        return (0..<count).map { InputGenerator.input(spec, index: $0) }
    }

    private func loadedSpec(_ values: [String: String]) throws -> InputSpec? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edge-vocabulary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("generators.yml")
        try values.keys.sorted().map { "\($0): \(values[$0]!)" }.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let generators = try YAMLDocument(contentsOf: file, displayPath: "generators.yml").decode([String: GeneratorFile].self)
        return InputSpec(seed: 7, count: 400, variables: generators.keys.sorted().map { .init(name: $0, generator: generators[$0]!.generator) })
    }

    private func problems(_ generator: String) throws -> [CourseProblem] {
        try GeneratorBoundsTests.problems(values: "x: \(generator)")
    }

    /// The edge classes `text` belongs to.
    static func classes(of text: String) -> Set<EdgeClass> {
        var found: Set<EdgeClass> = []
        if text.isEmpty { found.insert(.empty) }
        if text.hasPrefix(" ") || text.hasSuffix(" ") { found.insert(.padded) }
        if text.trimmingCharacters(in: .whitespaces).contains(" ") { found.insert(.innerSpaces) }
        if text.unicodeScalars.contains(where: { ["é", "á", "ñ", "ü", "ç", "É", "Ñ", "Ö"].contains(String($0)) }) { found.insert(.accented) }
        if text.unicodeScalars.contains(where: { (0x300...0x36F).contains($0.value) }) { found.insert(.decomposed) }
        if text.contains(where: { $0.isUppercase && $0.isASCII }) { found.insert(.casePair) }
        if text.unicodeScalars.contains(where: { $0.properties.isAlphabetic && !$0.isASCII && $0.value > 0x36F && !$0.properties.isEmojiPresentation }) {
            found.insert(.nonLatin)
        }
        if text.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0x1F1EA }) { found.insert(.emoji) }
        if text.count >= 200 { found.insert(.long) }
        return found
    }

    @Test func aGeneratorOfLowercaseLettersMeetsEveryClassInFourHundredDraws() throws {
        // The alphabet has no space, no capital, no accent: everything else is the vocabulary's.
        let inputs = try draws(["x": "{type: string, alphabet: \"a-z\"}", "y": "{type: string, alphabet: \"a-z\", max_length: 6}"])
        var met: Set<EdgeClass> = []
        var repeats = 0
        for input in inputs {
            let (x, y) = (input["x"]?.stringValue ?? "", input["y"]?.stringValue ?? "")
            met.formUnion(Self.classes(of: x))
            #expect(y.count <= 6, "max_length holds for every class: \(y)")
            if !x.isEmpty, x == y { repeats += 1 }
        }
        let expected = EdgeClass.strings.subtracting([.duplicate])
        #expect(met == expected, "missing: \(expected.subtracting(met))")
        #expect(repeats > 0, "the second variable sometimes repeats the first")
    }

    @Test func aListMeetsTheSameNameTwiceAndInTheOtherCase() throws {
        let inputs = try draws(["x": "{type: array, of: {type: string, alphabet: \"a-c\", min_length: 2, max_length: 4}, min_length: 3, max_length: 5}"])
        var duplicates = 0, casePairs = 0
        for input in inputs {
            guard case .array(let items)? = input["x"] else { continue }
            let names = items.compactMap(\.stringValue)
            if Set(names).count < names.count { duplicates += 1 }
            if Set(names.map { $0.lowercased() }).count < Set(names).count { casePairs += 1 }
        }
        #expect(duplicates > 10 && casePairs > 10, "duplicates \(duplicates), case pairs \(casePairs) of \(inputs.count)")
    }

    @Test func aClassTheStatementRulesOutIsNeverDrawn() throws {
        let inputs = try draws(["x": "{type: string, alphabet: \"a-z\", max_length: 8, without: [emoji, non_latin, padded, inner_spaces], because: the statement says names are words of Latin letters}"], count: 1000)
        var met: Set<EdgeClass> = []
        for input in inputs { met.formUnion(Self.classes(of: input["x"]?.stringValue ?? "")) }
        #expect(met.isDisjoint(with: [.emoji, .nonLatin, .padded, .innerSpaces]), "\(met)")
        #expect(met.isSuperset(of: [.accented, .decomposed, .casePair, .empty]), "the others still are: \(met)")
    }

    @Test func leavingAClassOutNeedsAReasonAndAKnownName() throws {
        let silent = try problems("{type: string, without: [emoji]}")
        #expect(silent.first?.field == "cases[1].generate.values.x.without", "\(silent)")
        #expect(silent.first?.line == 12)
        #expect(silent.first?.message.contains("because") == true)
        let unknown = try problems("{type: string, without: [emojis], because: no emoji in names}")
        #expect(unknown.first?.message.contains("unknown string edge 'emojis'") == true, "\(unknown)")
        #expect(unknown.first?.message.contains("non_latin") == true)
        let dateClass = try problems("{type: string, without: [leap_day], because: reasons}")
        #expect(dateClass.first?.message.contains("unknown string edge 'leap_day'") == true)
        let reasonAlone = try problems("{type: string, because: reasons}")
        #expect(reasonAlone.first?.field == "cases[1].generate.values.x.because", "\(reasonAlone)")
        let onAnInt = try problems("{type: int, without: [empty], because: reasons}")
        #expect(onAnInt.first?.field == "cases[1].generate.values.x.without", "\(onAnInt)")
    }

    @Test func datesMeetMonthEndsDaylightSavingChangesAndLeapDays() throws {
        let inputs = try draws(["x": "{type: date, min: 1990-01-01, max: 2030-12-31}"])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var monthEnds = 0, leapDays = 0, changes = 0
        let madrid = TimeZone(identifier: "Europe/Madrid")!
        for input in inputs {
            let date = try #require(ISO8601DateFormatter().date(from: input["x"]?.stringValue ?? ""))
            let parts = calendar.dateComponents([.month, .day, .hour, .minute, .second], from: date)
            let next = calendar.dateComponents([.month], from: date.addingTimeInterval(1))
            if parts.month != next.month { monthEnds += 1 }
            if parts.month == 2 && parts.day == 29 { leapDays += 1 }
            if madrid.isDaylightSavingTime(for: date) != madrid.isDaylightSavingTime(for: date.addingTimeInterval(1)) { changes += 1 }
            #expect((631_152_000...1_924_991_999).contains(Int(date.timeIntervalSince1970)))
        }
        #expect(monthEnds > 3 && leapDays > 3 && changes > 3, "month ends \(monthEnds), leap days \(leapDays), changes \(changes)")
    }

    @Test func aCaseOfAFewInputsMeetsEveryClassInItsFirstInputs() throws {
        // Thirty inputs, as a randomized case has: one draw in eight would leave most classes
        // out, so the first inputs go through them all, for every string variable.
        let inputs = try draws(["x": "{type: string, charset: letters, min_length: 0}",
                                "y": "{type: optional, of: {type: string, alphabet: \"a-z\"}}"], count: 30)
        for variable in ["x", "y"] {
            var met: Set<EdgeClass> = []
            for input in inputs.prefix(EdgeClass.strings.count) {
                met.formUnion(Self.classes(of: input[variable]?.stringValue ?? ""))
            }
            // Letters in both cases already: only the alphabet of y shows its case pairs.
            let expected = EdgeClass.strings.subtracting(variable == "x" ? [.duplicate, .casePair] : [.duplicate])
            #expect(met.isSuperset(of: expected), "\(variable) missing: \(expected.subtracting(met))")
        }
        let dates = try draws(["x": "{type: date, min: 2000-01-01, max: 2030-12-31}"], count: 3)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let days = dates.compactMap { ISO8601DateFormatter().date(from: $0["x"]?.stringValue ?? "") }
            .map { calendar.dateComponents([.month, .day], from: $0) }
        #expect(days.contains { $0.month == 2 && $0.day == 29 }, "\(days)")
    }
}
