import Foundation
import Testing
@testable import GraderCore

/// `bundle:` in a case: resources removed or written anew for that case's launches only, on a
/// bundle made from the build's without compiling again; mistakes in it are located problems.
struct BundleEditsTests {
    private static let probe = "Exercises/00-fixtures/02-sandbox-probe"

    /// The fixture's sandbox probe, with `cases` added to its exercise.yml.
    private func probeCourse(adding cases: String) throws -> TemporaryCourse {
        let course = try TemporaryCourse.fixture()
        let file = course.root.appendingPathComponent("\(Self.probe)/exercise.yml")
        var yaml = try String(contentsOf: file, encoding: .utf8)
        yaml = yaml.replacingOccurrences(of: "cases:\n", with: "cases:\n" + cases)
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return course
    }

    private static func greetingCase(_ name: String, bundle: String, greeting: String) -> String {
        """
          - name: \(name)
            bundle:
        \(bundle)
            steps:
        \(greetingStep(greeting))
        """
    }

    @Test(arguments: [LaunchMode.fork, .exec])
    func aCaseSeesItsOwnBundleAndTheOtherCasesTheBuilds(mode: LaunchMode) throws {
        let course = try probeCourse(adding:
            Self.greetingCase("the greeting removed", bundle: "      remove: [greeting.txt]", greeting: "not found")
            + Self.greetingCase("another greeting", bundle: "      write: {greeting.txt: \"hello from a case\"}", greeting: "hello from a case")
            + Self.greetingCase("a new file beside it", bundle: "      write: {extra/notes.txt: \"x\"}", greeting: "\"hello from the bundle\\n\""))
        let workspace = try GradingHarness.workspace(course, launch: mode)
        let exercise = try requireExercise("sandbox-probe", in: workspace)
        #expect(exercise.cases.prefix(3).map { $0.bundle?.isEmpty == false } == [true, true, true])
        let result = try workspace.grader(GraderOptions(jobs: 2)).grade([exercise], variant: .reference)[0]
        // Each edited case saw its bundle, and the fixture's own `directories` case (run after
        // them, maybe by the same waiting app's pool) still reads the build's greeting.
        #expect(result.cases.map(\.name).prefix(4) == ["the greeting removed", "another greeting", "a new file beside it", "directories"])
        #expect(result.status == .passed, "\(result.cases.compactMap { $0.failure.map { "\($0.message)" } })")

        // The build's bundle was never written through a hard link; the edited ones sit beside it.
        guard case .built(let built) = try workspace.workbench.engine.build(exercise: exercise, sources: exercise.referenceSources) else {
            Issue.record("the reference does not build")
            return
        }
        let entry = built.directory.deletingLastPathComponent()
        #expect(try String(contentsOf: built.directory.appendingPathComponent("greeting.txt"), encoding: .utf8) == "hello from the bundle\n")
        let greetings = FileManager.default.enumerator(at: entry, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "greeting.txt" } ?? []
        let texts = try greetings.map { try String(contentsOf: $0, encoding: .utf8) }
        #expect(texts.contains("hello from the bundle\n"))
        #expect(texts.contains("hello from a case"))
        #expect(!texts.contains(""))
    }

    /// A failed case that ran on a changed bundle says so where the report says which phone it
    /// ran on: the student cannot see the edits in exercise.yml.
    @Test func aFailedCaseOnAChangedBundleShowsTheChanges() throws {
        let course = try probeCourse(adding:
            Self.greetingCase("expects the greeting it removed", bundle: "      remove: [greeting.txt]\n      write: {extra/notes.txt: \"x\"}",
                              greeting: "\"hello from the bundle\\n\""))
        let workspace = try GradingHarness.workspace(course)
        let exercise = try requireExercise("sandbox-probe", in: workspace)
        let result = try workspace.grader(GraderOptions(jobs: 2)).grade([exercise], variant: .reference)[0]
        let edited = try #require(result.cases.first { $0.name == "expects the greeting it removed" })
        #expect(edited.status == .failed)
        #expect(edited.bundleChanges == BundleChanges(BundleEdits(removed: ["greeting.txt"], written: ["extra/notes.txt": "x"])))
        // The fixture's own cases ran on the build's bundle and passed: nothing to show.
        #expect(result.cases.filter { $0.name != edited.name }.allSatisfy { $0.status == .passed && $0.bundleChanges == nil })
        let text = TerminalReport(style: TerminalStyle(colors: false)).render(RunReport(course: "fixture", exercises: [result]))
        #expect(text.contains("with the app bundle changed for this case: greeting.txt removed; extra/notes.txt rewritten"), "\(text)")
        let report = String(decoding: try JSONReport.render(RunReport(course: "fixture", exercises: [result])), as: UTF8.self)
        let compact = report.filter { !$0.isWhitespace }
        #expect(compact.contains(#""bundle_changes":{"removed":["greeting.txt"],"written":["extra/notes.txt"]}"#), "\(report)")
        // A hidden case says nothing of what it changed.
        var hidden = result
        hidden.cases = hidden.cases.map { var one = $0; one.hidden = $0.name == edited.name; return one }
        let redacted = RunReport(course: "fixture", exercises: [hidden]).redactingHiddenCases()
        #expect(redacted.exercises[0].cases.allSatisfy { $0.bundleChanges == nil })

        // The reference's run of a case is cached under a key that holds the case's bundle: a
        // case whose written text changes is run again.
        let grader = workspace.grader(GraderOptions(jobs: 1))
        guard case .built(let built) = try workspace.workbench.engine.build(exercise: exercise, sources: exercise.referenceSources) else {
            Issue.record("the reference does not build")
            return
        }
        let original = try #require(exercise.cases.first { $0.name == edited.name })
        var rewritten = original
        rewritten.bundle?.written["extra/notes.txt"] = "y"
        #expect(grader.references.key(exercise, built, original) != grader.references.key(exercise, built, rewritten))
        #expect(grader.references.key(exercise, built, original) == grader.references.key(exercise, built, original))
    }

    /// A `directories` step that expects `greeting` as the bundle's greeting.
    private static func greetingStep(_ greeting: String) -> String {
        """
              - call: directories
                expect:
                  home: /var/mobile/Containers/Data/Application/App
                  documents: /var/mobile/Containers/Data/Application/App/Documents
                  caches: /var/mobile/Containers/Data/Application/App/Library/Caches
                  temporary: /var/mobile/Containers/Data/Application/App/tmp
                  nsTemporary: /var/mobile/Containers/Data/Application/App/tmp/
                  bundle: /var/containers/Bundle/Application/App/App.app
                  greeting: \(greeting)

        """
    }

    /// `update` relaunches the app as a new version of it: the bundle changes for the rest of the
    /// case, cumulatively, and the container stays.
    @Test(arguments: [LaunchMode.fork, .exec])
    func anUpdateChangesTheBundleForTheRestOfTheCaseAndKeepsTheContainer(mode: LaunchMode) throws {
        let course = try probeCourse(adding: """
              - name: two updates
                bundle:
                  write: {extra/notes.txt: "x"}
                steps:
            \(Self.greetingStep("\"hello from the bundle\\n\""))      - call: setDefault
                    args: {value: kept}
                  - update:
                      remove: [greeting.txt]
            \(Self.greetingStep("not found"))      - call: readDefault
                    expect: kept
                  - update:
                      write: {greeting.txt: "version three"}
            \(Self.greetingStep("version three"))      - kill
            \(Self.greetingStep("version three"))
            """)
        let workspace = try GradingHarness.workspace(course, launch: mode)
        let exercise = try requireExercise("sandbox-probe", in: workspace)
        let updates = exercise.cases[0].steps.compactMap { step -> BundleEdits? in
            if case .update(let edits) = step { return edits } else { return nil }
        }
        #expect(updates == [BundleEdits(removed: ["greeting.txt"]), BundleEdits(written: ["greeting.txt": "version three"])])
        let result = try workspace.grader(GraderOptions(jobs: 2)).grade([exercise], variant: .reference)[0]
        #expect(result.status == .passed, "\(result.cases.compactMap { $0.failure.map { "\($0.step): \($0.message)" } })")
        #expect(result.cases.map(\.name).first == "two updates")
    }

    /// A crash case whose kill follows an update: each repetition runs the whole case, update
    /// included, rather than resuming from the container saved before the kill with the case's
    /// first bundle (the relaunch right before the kill would otherwise allow that).
    @Test(arguments: [LaunchMode.fork, .exec])
    func aKillAfterAnUpdateIsRepeatedOnTheUpdatedBundle(mode: LaunchMode) throws {
        let course = try probeCourse(adding: """
              - name: a kill after an update
                repeat: 3
                seed: 4
                steps:
            \(Self.greetingStep("\"hello from the bundle\\n\""))      - update:
                      write: {greeting.txt: "version two"}
                  - relaunch
                  - kill_during: setDefault
                    args: {value: kept}
            \(Self.greetingStep("version two"))
            """)
        let workspace = try GradingHarness.workspace(course, launch: mode)
        let exercise = try requireExercise("sandbox-probe", in: workspace)
        #expect(exercise.cases[0].crash?.repetitions == 3)
        let result = try workspace.grader(GraderOptions(jobs: 2)).grade([exercise], variant: .reference)[0]
        #expect(result.cases.first?.name == "a kill after an update")
        #expect(result.cases.first?.status == .passed, "\(result.cases.first?.failure.map { "\($0.step): \($0.message)" } ?? "")")
    }

    @Test func editsAppliedOneAfterAnother() throws {
        let first = BundleEdits(removed: ["a.txt", "Settings.bundle"], written: ["b.txt": "1", "Settings.bundle/Root.plist": "p", "c.txt": "3"])
        let later = BundleEdits(removed: ["b.txt"], written: ["a.txt": "2"])
        let both = first.applying(later)
        #expect(both.removed.sorted() == ["Settings.bundle", "b.txt"])
        #expect(both.written == ["a.txt": "2", "Settings.bundle/Root.plist": "p", "c.txt": "3"])
        let folderGone = first.applying(BundleEdits(removed: ["Settings.bundle"]))
        #expect(folderGone.written == ["b.txt": "1", "c.txt": "3"])
        let update = StepAction.update(BundleChanges(removed: ["a.txt"], written: ["b.txt"]))
        #expect(update.description == "update the app (a.txt removed; b.txt rewritten)")
        #expect(try JSONDecoder().decode(StepAction.self, from: JSONEncoder().encode(update)) == update)
    }

    @Test func aWrongUpdateIsACourseProblemAtItsLine() throws {
        let course = try probeCourse(adding: """
              - name: updates badly
                steps:
                  - call: directories
                  - update: {remove: [greetings.txt]}
                  - update: {}

            """)
        let text = try CourseLoader().load(root: course.root).problems.map(\.description)
        let file = "\(Self.probe)/exercise.yml"
        #expect(text.contains { $0.hasPrefix(file + ":") && $0.contains("cases[0].steps[1].update.remove[0]: the app bundle holds no greetings.txt") }, "\(text)")
        #expect(text.contains { $0.contains("cases[0].steps[2].update: say what changes in the bundle") }, "\(text)")
        // What the case's bundle or an earlier update wrote can be removed by a later update.
        let written = try probeCourse(adding: """
              - name: removes what was written
                bundle: {write: {extra/notes.txt: x}}
                steps:
                  - call: directories
                  - update: {write: {more.txt: y}}
                  - update: {remove: [extra, more.txt]}
                  - call: directories

            """)
        let writtenText = try CourseLoader().load(root: written.root).problems.map(\.description)
        #expect(writtenText.isEmpty, "\(writtenText)")
        let misspelt = try probeCourse(adding: """
              - name: a misspelt key
                steps:
                  - call: directories
                  - update: {remove: [greeting.txt], shuffle: true}

            """)
        let misspeltText = try CourseLoader().load(root: misspelt.root).problems.map(\.description)
        #expect(misspeltText.contains { $0.hasPrefix(file + ":") && $0.contains("cases[0].steps[1].update.shuffle: unknown field") }, "\(misspeltText)")
    }

    @Test func aWrongBundleKeyIsACourseProblemAtItsLine() throws {
        let course = try probeCourse(adding: """
              - name: removes what the bundle does not hold
                bundle: {remove: [greetings.txt]}
                steps: [{call: directories}]
              - name: leaves the bundle
                bundle: {remove: [../greeting.txt], write: {/etc/hosts: x}}
                steps: [{call: directories}]
              - name: replaces the executable
                bundle: {write: {App: x}}
                steps: [{call: directories}]
              - name: changes nothing
                bundle: {}
                steps: [{call: directories}]

            """)
        let problems = try CourseLoader().load(root: course.root).problems
        let text = problems.map(\.description)
        let file = "\(Self.probe)/exercise.yml"
        #expect(text.contains { $0.hasPrefix(file + ":6:") && $0.contains("cases[0].bundle.remove[0]: the app bundle holds no greetings.txt; its resources are greeting.txt") }, "\(text)")
        #expect(text.contains { $0.hasPrefix(file + ":") && $0.contains("cases[1].bundle.remove[0]: a path inside the app bundle") })
        #expect(text.contains { $0.contains("cases[1].bundle.write./etc/hosts: a path inside the app bundle") })
        #expect(text.contains { $0.contains("cases[2].bundle.write.App: the app's executable cannot be removed or replaced") })
        #expect(text.contains { $0.contains("cases[3].bundle: say what changes in the bundle") })
        #expect(problems.allSatisfy { $0.line != nil })
        #expect(BundleEdits.executable == AppBundle.executableName)

        let misspelt = try probeCourse(adding: """
              - name: a misspelt key
                bundle: {delete: [greeting.txt]}
                steps: [{call: directories}]

            """)
        let misspeltProblems = try CourseLoader().load(root: misspelt.root).problems.map(\.description)
        #expect(misspeltProblems.contains { $0.hasPrefix(file + ":") && $0.contains("delete") }, "\(misspeltProblems)")
    }
}
