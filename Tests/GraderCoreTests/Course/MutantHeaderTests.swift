import Foundation
import Testing
@testable import GraderCore

/// A mutant's `Mutant:` and `Hint:` lines, read by the course loader from real files in each of
/// the three forms, with the lines missing, and empty (a problem at its file and line).
struct MutantHeaderTests {
    private static let folder = "Exercises/01-basics/01-one"

    /// A one-exercise course whose `Mutants/` holds `mutants` (path inside `Mutants/` → text).
    private func load(_ mutants: [String: String]) throws -> (mutants: [String: Mutant], problems: [CourseProblem]) {
        var files = [
            "grader.yml": "format: 1\ntitle: T\nlessons:\n  - id: 01-basics\n    title: Basics\n    exercises: [01-one]\n",
            "\(Self.folder)/exercise.yml": "format: 1\ntitle: One\nsummary: S.\ncases:\n  - name: a case\n    steps:\n      - call: value\n",
            "\(Self.folder)/README.md": "# One\n",
            "\(Self.folder)/Driver.swift": "",
            "\(Self.folder)/Solution.swift": "",
            "\(Self.folder)/Reference/Solution.swift": "",
        ]
        for (path, text) in mutants { files["\(Self.folder)/Mutants/\(path)"] = text }
        let course = try TemporaryCourse(files: files)
        let manifest = try CourseLoader().loadManifest(root: course.root)
        var problems: [CourseProblem] = []
        let entry = try #require(manifest.exercises.first)
        let (exercise, found) = try CourseLoader().loadExercise(directory: entry.directory, lessonID: entry.lessonID,
                                                                slug: entry.slug, defaults: manifest.limits, points: 10)
        problems += found
        return (Dictionary(uniqueKeysWithValues: exercise.mutants.map { ($0.name, $0) }), problems)
    }

    private static let diff = "--- a/Solution.swift\n+++ b/Solution.swift\n@@ -1 +1 @@\n-let a = 1\n+let a = 2\n"

    @Test func aPatchSaysWhatItGetsWrongAndHintsBeforeItsDiff() throws {
        let loaded = try load([
            "forgets-to-save.patch": "Mutant: forgets to save before relaunch\nHint: What is left of your app's memory after a relaunch?\n" + Self.diff,
            // Lines after the first `--- ` belong to the diff, however they start.
            "no-hint.patch": "Mutant: reads the wrong key\n" + Self.diff + "Hint: not a header\n",
        ])
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let save = try #require(loaded.mutants["forgets-to-save"])
        #expect(save.summary == "forgets to save before relaunch")
        #expect(save.hint == "What is left of your app's memory after a relaunch?")
        #expect(loaded.mutants["no-hint"]?.summary == "reads the wrong key")
        #expect(loaded.mutants["no-hint"]?.hint == nil)
    }

    @Test func aSwiftMutantHasItsHeaderInItsFirstTwoComments() throws {
        let loaded = try load([
            "student-loads-once.swift": "// Mutant: reads the count once per launch\n// Hint: When does your code read the defaults again?\nimport Foundation\n",
            "student-only-hint.swift": "// Hint: Which step do you skip?\nimport Foundation\n",
            // A hint further down is code's comment, not a header.
            "student-late-hint.swift": "// Mutant: skips a step\nimport Foundation\n// Hint: not a header\n",
        ])
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        #expect(loaded.mutants["student-loads-once"]?.summary == "reads the count once per launch")
        #expect(loaded.mutants["student-loads-once"]?.hint == "When does your code read the defaults again?")
        #expect(loaded.mutants["student-only-hint"]?.summary == "student only hint", "no Mutant: line: the name, dashes as spaces")
        #expect(loaded.mutants["student-only-hint"]?.hint == "Which step do you skip?")
        #expect(loaded.mutants["student-late-hint"]?.summary == "skips a step")
        #expect(loaded.mutants["student-late-hint"]?.hint == nil)
    }

    @Test func aFolderMutantHasItsHeaderInItsReadme() throws {
        let loaded = try load([
            "missing-inverse/README.md": "Mutant: a relationship without its inverse\nHint: What does the other side of the relationship know?\n",
            "missing-inverse/Resources/Model.yml": "# the model\n",
            "bare/Resources/Model.yml": "# no README\n",
        ])
        #expect(loaded.problems.isEmpty, "a README.md is part of a mutant folder: \(loaded.problems)")
        let inverse = try #require(loaded.mutants["missing-inverse"])
        #expect(inverse.summary == "a relationship without its inverse")
        #expect(inverse.hint == "What does the other side of the relationship know?")
        #expect(loaded.mutants["bare"]?.summary == "bare")
        #expect(loaded.mutants["bare"]?.hint == nil)
    }

    @Test func withoutHeaderLinesTheNameSpeaks() throws {
        let loaded = try load(["wrong-default-model.patch": Self.diff, "student-caches.swift": "import Foundation\n"])
        #expect(loaded.problems.isEmpty)
        #expect(loaded.mutants["wrong-default-model"]?.summary == "wrong default model")
        #expect(loaded.mutants["student-caches"]?.summary == "student caches")
        #expect(loaded.mutants.values.allSatisfy { $0.hint == nil })
    }

    @Test func anEmptyHeaderLineIsAProblemAtItsFileAndLine() throws {
        let loaded = try load([
            "empty-summary.patch": "Mutant:   \nHint: Look at the guard.\n" + Self.diff,
            "student-empty-hint.swift": "// Mutant: skips a step\n// Hint:\nimport Foundation\n",
            "folder/README.md": "Some words first.\n\nMutant: a model mistake\nHint: \n",
            "folder/Resources/Model.yml": "# model\n",
            "twice.patch": "Mutant: one thing\nMutant: another\n" + Self.diff,
        ])
        let described = Set(loaded.problems.map(\.description))
        #expect(described == [
            "\(Self.folder)/Mutants/empty-summary.patch:1:1: Mutant: the line is empty: say in a few words what this mutant gets wrong, or leave the line out",
            "\(Self.folder)/Mutants/student-empty-hint.swift:2:1: Hint: the line is empty: write one sentence that points a student at the mistake without giving code, or leave the line out",
            "\(Self.folder)/Mutants/folder/README.md:4:1: Hint: the line is empty: write one sentence that points a student at the mistake without giving code, or leave the line out",
            "\(Self.folder)/Mutants/twice.patch:2:1: Mutant: a second `Mutant:` line: keep one",
        ], "\(described)")
        // The rest of each header still reads.
        #expect(loaded.mutants["empty-summary"]?.summary == "empty summary")
        #expect(loaded.mutants["empty-summary"]?.hint == "Look at the guard.")
        #expect(loaded.mutants["folder"]?.summary == "a model mistake")
    }

    @Test func theCoursesMutantsAllHaveAHeader() throws {
        // Every hand-written mutant of the course says what it gets wrong, and no header is empty.
        let root = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
        let loaded = try CourseLoader().load(root: root)
        let mutantProblems = loaded.problems.filter { $0.file.contains("/Mutants/") }
        #expect(mutantProblems.isEmpty, "\(mutantProblems)")
        // Folder mutants get theirs in a README.md; patches and Swift files have always had one.
        let unnamed = loaded.course.exercises.flatMap { exercise in
            exercise.mutants.filter { $0.resources == nil && $0.summary == $0.name.replacingOccurrences(of: "-", with: " ") }
                .map { "\(exercise.id)/\($0.name)" }
        }
        #expect(unnamed.isEmpty, "mutants without a `Mutant:` line: \(unnamed)")
    }
}
