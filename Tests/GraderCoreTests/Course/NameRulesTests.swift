import Foundation
import Testing
@testable import GraderCore

/// Names the grader builds paths from, or prints on a line, are checked; symbolic links in
/// `Resources/` are refused and never reach an app bundle.
struct NameRulesTests {
    private func course(manifest: String = CourseLoaderTests.manifest, exercise: String = CourseLoaderTests.validExercise) throws -> TemporaryCourse {
        try TemporaryCourse(files: [
            "grader.yml": manifest,
            "Exercises/01-basics/01-one/exercise.yml": exercise,
            "Exercises/01-basics/01-one/README.md": "# One\n",
            "Exercises/01-basics/01-one/Driver.swift": "",
            "Exercises/01-basics/01-one/Solution.swift": "",
            "Exercises/01-basics/01-one/Reference/Solution.swift": "",
        ])
    }

    @Test func lessonIdsAndSlugsAreFolderNames() throws {
        // Before: each was taken as a path, reaching ../../ or carrying a newline into every report.
        let temporary = try course(manifest: """
            format: 1
            title: T
            lessons:
              - id: 01-basics
                title: Basics
                exercises: [01-one, "../../escape", "02-two\\nforged line", .hidden, -rf]
              - id: ../up
                title: Up
                exercises: [01-one]
            """)
        let manifest = try CourseLoader().loadManifest(root: temporary.root)
        #expect(manifest.exercises.map(\.id) == ["01-basics/01-one"])
        #expect(manifest.lessons.map(\.id) == ["01-basics"])
        #expect(manifest.problems.map(\.field) == [
            "lessons[0].exercises[1]", "lessons[0].exercises[2]", "lessons[0].exercises[3]", "lessons[0].exercises[4]", "lessons[1].id",
        ])
        #expect(manifest.problems.allSatisfy { $0.line != nil && $0.column != nil })
        #expect(manifest.problems[0].message == "'../../escape' names one file or folder: no / or \\ in it")
        #expect(manifest.problems[1].message == "a name cannot hold control characters (it holds U+000A)")
        #expect(manifest.problems[2].message.contains("cannot start with ."))
        #expect(manifest.problems[3].message.contains("cannot start with -"))
    }

    @Test func caseNamesSuitesResourcesAndPathsAreChecked() throws {
        let yaml = CourseLoaderTests.validExercise
            .replacingOccurrences(of: "summary: The first exercise.\n",
                                  with: "summary: The first exercise.\ndefaults_suites: [garage, \"a,b\", ../prefs]\nresources: [\"..\", \"x\\ty\"]\n")
            .replacingOccurrences(of: "  - name: a case\n", with: "  - name: \"a case\\nPASS 10/10\"\n")
            + "\n    container:\n      - path: \"Documents/a\\0b\"\n        is: absent\n"
        let temporary = try course(exercise: yaml)
        let problems = try CourseLoader().load(root: temporary.root).problems
        #expect(problems.map(\.field) == [
            "cases[0].name", "cases[0].container[0].path", "resources[0]", "resources[1]",
            "defaults_suites[1]", "defaults_suites[2]",
        ], "\(problems)")
        #expect(problems.allSatisfy { $0.line != nil })
    }

    @Test func linksInResourcesAreRefusedAndNeverBundled() throws {
        let temporary = try course(exercise: CourseLoaderTests.validExercise.replacingOccurrences(
            of: "summary: The first exercise.\n", with: "summary: The first exercise.\nresources: [passwd, Settings.bundle]\n"))
        let fm = FileManager.default
        let root = temporary.root
        try temporary.write("Resources/Settings.bundle/Root.plist", "<plist/>")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("Resources/passwd").path, withDestinationPath: "/etc/passwd")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("Resources/Settings.bundle/shadow").path, withDestinationPath: "/etc/shadow")
        try temporary.write("Exercises/01-basics/01-one/Resources/greeting.txt", "hello")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("Exercises/01-basics/01-one/Resources/hosts").path,
                                  withDestinationPath: "/etc/hosts")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("Exercises/01-basics/01-one/Resources/etc").path,
                                  withDestinationPath: "/etc")
        let loaded = try CourseLoader().load(root: root)
        let text = loaded.problems.map(\.description)
        // Before: all four were taken, and /etc/passwd's content went into the bundle.
        #expect(text.contains { $0.hasPrefix("Resources/Settings.bundle/shadow: a symbolic link") }, "\(text)")
        #expect(text.contains { $0.hasPrefix("Exercises/01-basics/01-one/exercise.yml:4:") && $0.contains("resources[0]: Resources/passwd is a symbolic link") })
        #expect(text.contains { $0.hasPrefix("Exercises/01-basics/01-one/Resources/hosts: a symbolic link") })
        #expect(text.contains { $0.hasPrefix("Exercises/01-basics/01-one/Resources/etc: a symbolic link") })
        // Whatever is built anyway (a lesson's bundle holds the whole course's Resources/) holds no link.
        let lessonBundle = BundleResources.folder(root.appendingPathComponent("Resources"))
        #expect(lessonBundle.files.map(\.path) == ["Settings.bundle/Root.plist"])
        var exerciseBundle = BundleResources.folder(root.appendingPathComponent("Exercises/01-basics/01-one/Resources"))
        exerciseBundle.add(root.appendingPathComponent("Resources/passwd"))
        exerciseBundle.add(root.appendingPathComponent("Resources/Settings.bundle"))
        #expect(exerciseBundle.files.map(\.path) == ["greeting.txt", "Settings.bundle/Root.plist"])
    }

    @Test func aMutantsNameIsAFileName() throws {
        let temporary = try course()
        try temporary.write("Exercises/01-basics/01-one/Mutants/bad\nname.swift", "// Mutant: forged\n")
        try temporary.write("Exercises/01-basics/01-one/Mutants/fine.swift", "// Mutant: fine\n")
        let problems = try CourseLoader().load(root: temporary.root).problems
        #expect(problems.map(\.description) == [
            "Exercises/01-basics/01-one/Mutants/bad\\nname.swift: a mutant's name is its file's: a name cannot hold control characters (it holds U+000A)",
        ])
    }
}
