import ExerciseKit
import Foundation
import Testing
import Yams
@testable import GraderCore

/// `YAMLNodeDecoder` against Yams' own `YAMLDecoder`, which it replaced for the course's files:
/// the same values from every file of the real course and the fixture course, the same errors at
/// the same paths, and merge keys read as Yams reads them.
struct YAMLNodeDecoderTests {
    private static let repository = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()

    /// Every course YAML file of the repository: the manifest and each exercise's file.
    private static func courseFiles() throws -> [URL] {
        var files = [repository.appendingPathComponent("grader.yml"), Fixtures.course.appendingPathComponent("grader.yml")]
        for root in [repository, Fixtures.course] {
            let exercises = root.appendingPathComponent("Exercises")
            guard let walk = FileManager.default.enumerator(at: exercises, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walk where url.lastPathComponent == "exercise.yml" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// `text` decoded as `T` the way the course was read before: composed with Yams' default
    /// resolver, keys made plain, and Yams' `YAMLDecoder`.
    private func byYams<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try YAMLDecoder().decode(type, from: Self.plainKeys(try #require(try Yams.compose(yaml: text))))
    }

    /// `node` with every mapping key made a plain scalar, as the course's files were decoded
    /// before: Yams looks a field up as a plain scalar, so a quoted key was otherwise not found.
    private static func plainKeys(_ node: Node) -> Node {
        switch node {
        case .mapping(let mapping):
            let pairs = mapping.map { pair -> (Node, Node) in
                var key = pair.key
                if case .scalar(var scalar) = key {
                    scalar.tag = scalar.tag.copy(with: .implicit)
                    scalar.style = .plain
                    key = .scalar(scalar)
                }
                return (key, plainKeys(pair.value))
            }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark, mapping.anchor))
        case .sequence(let sequence):
            return .sequence(Node.Sequence(sequence.map(plainKeys), sequence.tag, sequence.style, sequence.mark, sequence.anchor))
        case .scalar, .alias:
            return node
        }
    }

    /// `text` decoded as `T` the way the course is read now.
    private func byNodes<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try YAMLNodeDecoder(try #require(try Yams.compose(yaml: text, .basic))).decode(type)
    }

    @Test func everyCourseFileReadsAsTheSameValuesAsYamsReadsIt() throws {
        let files = try Self.courseFiles()
        #expect(files.count > 40, "found \(files.count) files")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let old = try byYams(YAMLValue.self, text).value
            let new = try byNodes(YAMLValue.self, text).value
            #expect(old == new, "\(file.path)")
        }
    }

    @Test func everyExerciseFileDecodesToTheSameFieldsAndCases() throws {
        // The file types are not comparable as a whole: their plain fields and each case's are
        // (the values inside steps are compared as values by the test above).
        for file in try Self.courseFiles() where file.lastPathComponent == "exercise.yml" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let old = try byYams(ExerciseFile.self, text)
            let new = try byNodes(ExerciseFile.self, text)
            #expect(old.title == new.title && old.summary == new.summary && old.hints == new.hints, "\(file.path)")
            #expect(old.points == new.points && old.defaultsSuites == new.defaultsSuites && old.resources == new.resources
                        && old.equivalentMutants == new.equivalentMutants && old.requirements.count == new.requirements.count,
                    "\(file.path)")
            #expect(old.cases.count == new.cases.count, "\(file.path)")
            for (before, after) in zip(old.cases, new.cases) {
                #expect(before.name == after.name && before.weight == after.weight && before.hidden == after.hidden
                            && before.repetitions == after.repetitions && before.seed == after.seed
                            && before.killAt == after.killAt && before.timeout == after.timeout
                            && before.steps.count == after.steps.count && before.container.count == after.container.count,
                        "\(file.path): \(before.name)")
            }
        }
    }

    @Test(arguments: [
        "format: 1\ntitle: [a, b]\nsummary: S\n",
        "format: 1\ntitle: {a: 1}\nsummary: S\n",
        "format: 1\nsummary: S\n",
        "format: 1\ntitle: T\nsummary: S\npoints: ten\n",
        "format: 1\ntitle: T\nsummary: S\npoints: 1.5\n",
        "format: 1\ntitle: T\nsummary: S\ncases: {name: x}\n",
        "format: 1\ntitle: T\nsummary: S\ncases:\n  - steps: [{call: load}]\n",
        "format: 1\ntitle: T\nsummary: S\ncases:\n  - name: x\n    steps: 3\n",
        "format: 1\ntitle: T\nsummary: S\ncases:\n  - name: x\n    steps:\n      - call: [load]\n",
        "format: 1\ntitle: T\nsummary: S\ncases:\n  - name: x\n    steps:\n      - call: load\n        expcet: 1\n",
        "format: 1\ntitle: T\nsummary: S\nlimits: {time_limit: [1]}\n",
        "format: 1\ntitle: T\nsummary: S\nhints: [a, {b: c}]\n",
    ])
    func aWrongFieldIsTheSameErrorAtTheSamePath(_ document: String) throws {
        let old = Self.describe { _ = try byYams(ExerciseFile.self, document) }
        let new = Self.describe { _ = try byNodes(ExerciseFile.self, document) }
        #expect(old != "decoded", "\(document)")
        #expect(old == new, "\(document)")
    }

    /// The kind of a decoding error, its type and its path, as the course's problems render them.
    private static func describe(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "decoded"
        } catch let error as DecodingError {
            switch error {
            case .typeMismatch(let type, let context):
                return "type \(type) at \(YAMLDocument.fieldName(context.codingPath) ?? "-")"
            case .valueNotFound(let type, let context):
                return "value \(type) at \(YAMLDocument.fieldName(context.codingPath) ?? "-")"
            case .keyNotFound(let key, let context):
                return "key \(key.stringValue) at \(YAMLDocument.fieldName(context.codingPath) ?? "-")"
            case .dataCorrupted(let context):
                return "corrupt at \(YAMLDocument.fieldName(context.codingPath) ?? "-"): \(context.debugDescription)"
            @unknown default:
                return "\(error)"
            }
        } catch {
            return "\(error)"
        }
    }

    @Test func mergedKeysAreReadAsYamsReadsThem() throws {
        let text = """
            base: &base {model: Fiat, speed: 90, colour: red}
            more: &more {seats: 4, speed: 100}
            one:
              <<: *base
              speed: 120
            many:
              <<: [*base, *more]
              colour: blue
            quoted:
              "<<": *base
            """
        let old = try byYams(YAMLValue.self, text).value
        let new = try byNodes(YAMLValue.self, text).value
        #expect(old == new)
        guard case .object(let top) = new, case .object(let one)? = top["one"], case .object(let many)? = top["many"] else {
            Issue.record("not a mapping: \(new)")
            return
        }
        #expect(one == ["model": .string("Fiat"), "speed": .int(120), "colour": .string("red")])
        // Of two merged mappings, the first wins; a key of the mapping's own wins over both.
        #expect(many == ["model": .string("Fiat"), "speed": .int(90), "colour": .string("blue"), "seats": .int(4)])
    }

    @Test func scalarsKeepTheTypesTheirTagsAndQuotesGive() throws {
        let text = """
            int: 12
            hex: 0x1F
            float: 1.5
            exponent: 1e3
            yes: yes
            on: On
            null: ~
            empty:
            quoted: "12"
            single: 'true'
            block: |
              12
            text: 12 monkeys
            """
        let old = try byYams(YAMLValue.self, text).value
        let new = try byNodes(YAMLValue.self, text).value
        #expect(old == new)
        guard case .object(let values) = new else {
            Issue.record("not a mapping: \(new)")
            return
        }
        #expect(values["int"] == .int(12) && values["hex"] == .int(31) && values["float"] == .double(1.5))
        #expect(values["quoted"] == .string("12") && values["single"] == .string("true") && values["block"] == .string("12\n"))
        #expect(values["null"] == .null && values["empty"] == .null && values["text"] == .string("12 monkeys"))
    }
}
