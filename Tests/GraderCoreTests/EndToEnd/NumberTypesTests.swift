import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// A volume saved as the integer 1 where the statement asks for the real 1.0: the same number
/// in JSON, a different one in a property list. A driver that asks for number types, and a
/// container check that does, tell them apart; nothing else changes.
@Suite(.serialized)
struct NumberTypesTests {
    static let reference = """
        import Foundation

        enum Settings {
            static var url: URL {
                FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent("settings.plist")
            }

            static func save(volume: Double, count: Int) throws {
                let plist: [String: Any] = ["volume": volume, "count": count]
                let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url, options: .atomic)
            }

            static func load() throws -> Any {
                try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
            }
        }

        """

    static let driver = """
        import ExerciseKit
        import Foundation

        @main
        enum SettingsDriver: ExerciseDriver {
            struct Values: Decodable { var volume: Double; var count: Int }

            static func register(_ app: inout Operations) {
                app.on("save") { (values: Values) in try Settings.save(volume: values.volume, count: values.count) }
                app.on("typed") { try JSONValue(propertyList: Settings.load()) ?? .null }
                app.on("loose") { try JSONValue(propertyList: Settings.load()) ?? .null }
                app.compareNumberTypes(of: "typed")
            }
        }

        """

    static let cases = """
        format: 1
        title: Settings
        summary: A volume and a count in a property list.
        cases:
          - name: loose
            steps:
              - call: save
                args: {volume: 1, count: 3}
              - call: loose
          - name: typed against the reference
            steps:
              - call: save
                args: {volume: 1, count: 3}
              - call: typed
          - name: typed against a literal
            steps:
              - call: save
                args: {volume: 2, count: 3}
              - call: typed
                expect: {volume: 2.0, count: 3}
          - name: the file
            steps:
              - call: save
                args: {volume: 1, count: 3}
            container:
              - path: Documents/settings.plist
                is: plist
                typed_numbers: true

        """

    private func grade(_ solution: String) throws -> ExerciseResult {
        let folder = "Exercises/01-numbers/01-settings"
        let course = try TemporaryCourse(files: [
            "grader.yml": """
                format: 1
                title: Numbers
                lessons:
                  - id: 01-numbers
                    title: Numbers
                    exercises: [01-settings]

                """,
            "\(folder)/README.md": "# Settings\n",
            "\(folder)/exercise.yml": Self.cases,
            "\(folder)/Driver.swift": Self.driver,
            "\(folder)/Reference/Solution.swift": Self.reference,
            "\(folder)/Solution.swift": solution,
        ])
        let workspace = try GradingHarness.workspace(course)
        let exercise = try requireExercise("settings", in: workspace)
        return try withExtendedLifetime(course) { try workspace.grader(.check(jobs: 2, noCache: true)).grade([exercise])[0] }
    }

    @Test func storedObservationsKeepTheirNumberTypes() throws {
        // Reference runs are stored as JSON: a <real> 1.0 and a REAL 2.0 must come back as such.
        let observations: [ContainerObservation] = [
            .file(size: 9, content: .plist(format: "xml-plist", value: .object(["v": .double(1), "n": .int(1)]))),
            .file(size: 9, content: .json(.array([.double(0), .double(0.5)]))),
            .file(size: 9, content: .database(DatabaseSnapshot(integrity: ["ok"], userVersion: 2,
                                                               rows: [[.int(1), .double(2)], [.null, .string("x")]]))),
            .file(size: 9, content: .text("t")), .file(size: 9, content: .invalid("why")), .missing,
        ]
        for observation in observations {
            let data = try JSONEncoder().encode(observation)
            #expect(try JSONDecoder().decode(ContainerObservation.self, from: data) == observation)
        }
    }

    @Test func theReferencePassesEveryCase() throws {
        let result = try grade(Self.reference)
        #expect(result.status == .passed, "\(result.cases.compactMap(\.failure?.message))")
    }

    @Test func anIntegerWhereARealBelongsFailsOnlyWhereNumberTypesCount() throws {
        let wrong = Self.reference.replacingOccurrences(of: #"["volume": volume, "count": count]"#,
                                                        with: #"["volume": Int(volume), "count": count]"#)
        #expect(wrong != Self.reference)
        let result = try grade(wrong)
        let status = Dictionary(uniqueKeysWithValues: result.cases.map { ($0.name, $0.status) })
        #expect(status["loose"] == .passed)
        #expect(status["typed against the reference"] == .failed)
        #expect(status["typed against a literal"] == .failed)
        #expect(status["the file"] == .failed)
        let typed = try #require(result.cases.first { $0.name == "typed against the reference" }?.failure)
        #expect(typed.message == "at $.volume: expected a fractional number 1.0, got an integer 1")
        let file = try #require(result.cases.first { $0.name == "the file" }?.failure)
        #expect(file.message.contains("expected a fractional number 1.0, got an integer 1"), "\(file.message)")
    }
}
