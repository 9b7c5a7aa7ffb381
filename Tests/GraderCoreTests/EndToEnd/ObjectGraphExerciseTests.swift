import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// An exercise written with ObjectGraph (the course's Core Data) builds, runs in its container
/// with its model file in the bundle, and is judged on its store's tables.
@Suite(.serialized)
struct ObjectGraphExerciseTests {
    static let model = """
        format: 1
        entities:
          Note:
            attributes:
              title: {type: string, optional: false}
              stars: integer16

        """

    static let reference = """
        import Foundation
        import ObjectGraph

        final class Note: ManagedObject {
            @Managed var title: String?
            @Managed var stars: Int16
        }

        final class Notebook {
            let container = PersistentContainer(name: "Notes")

            init() {
                container.loadPersistentStores { _, error in
                    if let error { fatalError("\\(error)") }
                }
            }

            func add(_ title: String, stars: Int16) throws {
                let note = Note(context: container.viewContext)
                note.title = title
                note.stars = stars
                try container.viewContext.save()
            }

            func titles() throws -> [String] {
                let request = Note.fetchRequest()
                request.sortDescriptors = [GraphSortDescriptor(key: "title", comparison: .caseInsensitive)]
                return try container.viewContext.fetch(request).compactMap(\\.title)
            }
        }

        """

    static let driver = """
        import ExerciseKit

        @main
        enum NotesDriver: ExerciseDriver {
            struct NewNote: Decodable { var title: String; var stars: Int16 }

            static func register(_ app: inout Operations) {
                let notebook = Notebook()
                app.on("add") { (note: NewNote) in try notebook.add(note.title, stars: note.stars) }
                app.on("titles") { try notebook.titles() }
            }
        }

        """

    static let cases = """
        format: 1
        title: Notes
        summary: Notes in an ObjectGraph store.
        cases:
          - name: saved notes survive a relaunch
            steps:
              - call: add
                args: {title: beta, stars: 2}
              - call: add
                args: {title: Alpha, stars: 5}
              - relaunch
              - call: titles
                expect: [Alpha, beta]
            container:
              - path: Library/Application Support/Notes.sqlite
                is: sqlite
                query: SELECT ZTITLE, ZSTARS FROM ZNOTE ORDER BY Z_PK
                equals: [[beta, 2], [Alpha, 5]]

        """

    private func grade(_ solution: String) throws -> ExerciseResult {
        let folder = "Exercises/06-object-graph/01-notes"
        let course = try TemporaryCourse(files: [
            "grader.yml": """
                format: 1
                title: Object graph
                lessons:
                  - id: 06-object-graph
                    title: Object graph
                    exercises: [01-notes]

                """,
            "\(folder)/README.md": "# Notes\n",
            "\(folder)/exercise.yml": Self.cases,
            "\(folder)/Driver.swift": Self.driver,
            "\(folder)/Reference/Solution.swift": Self.reference,
            "\(folder)/Solution.swift": solution,
            "\(folder)/Resources/Notes.yml": Self.model,
        ])
        let workspace = try GradingHarness.workspace(course)
        let exercise = try requireExercise("notes", in: workspace)
        return try withExtendedLifetime(course) { try workspace.grader(.check(jobs: 2, noCache: true)).grade([exercise])[0] }
    }

    @Test func theImportIsFoundInTheSources() {
        #expect(ObjectGraphRuntime.isImported(by: "import Foundation\nimport ObjectGraph\n"))
        #expect(ObjectGraphRuntime.isImported(by: "@testable import ObjectGraph"))
        #expect(ObjectGraphRuntime.isImported(by: "  import class ObjectGraph.ManagedObject"))
        #expect(!ObjectGraphRuntime.isImported(by: "import Foundation\n// import ObjectGraph is for lesson 06\n"))
        #expect(!ObjectGraphRuntime.isImported(by: "import ObjectGraphKit"))
        #expect(ObjectGraphRuntime.isImported(by: "import ObjectGraph // Core Data on Linux"))
        #expect(ObjectGraphRuntime.isImported(by: "import Foundation; import ObjectGraph"))
        #expect(!ObjectGraphRuntime.isImported(by: "import Foundation // not import ObjectGraph"))
    }

    @Test func aCoreDataStyleSolutionBuildsRunsAndIsJudgedOnItsStore() throws {
        let result = try grade(Self.reference)
        #expect(result.status == .passed, "\(result.cases.compactMap(\.failure?.message)) \(result.diagnostics.map(\.message))")
    }

    @Test func forgettingToSaveLosesTheNotesAtTheRelaunch() throws {
        let forgetful = Self.reference.replacingOccurrences(of: "        try container.viewContext.save()\n", with: "")
        #expect(forgetful != Self.reference)
        let result = try grade(forgetful)
        let failure = try #require(GradingHarness.firstFailure(result)?.1)
        #expect(failure.kind == .wrongValue)
        #expect(failure.message.contains("expected 2 elements, got 0"), "\(failure.message)")
    }
}
