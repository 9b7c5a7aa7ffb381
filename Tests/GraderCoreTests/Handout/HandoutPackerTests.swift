import Foundation
import Testing
@testable import GraderCore

/// `grader pack --student` for real: the fixture course, with instructor-only files around it,
/// packed by the grader executable, then graded in the handout as a student grades it.
@Suite(.serialized)
struct HandoutPackerTests {
    typealias Output = GraderProcess.Output

    /// Words and values only the instructor's files hold: hidden cases' names, a hidden
    /// expectation, a comment written above a hidden case, an equivalent mutant's name, a line
    /// of the reference that neither the starter nor the statement has.
    static let secrets = [
        "a kill loses what was not saved", "zebra counts survive two relaunches", "a report after a relaunch", "31337",
        "Catches a counter that forgets", "L9-secret-mutant", "let count = value() + step",
    ]

    @Test func theHandoutHoldsNoReferenceMutantOrHiddenCase() throws {
        let packed = try PackedFixture.shared.get()
        #expect(packed.output.status == 0, "\(packed.output.stderr)")
        #expect(packed.output.stdout.contains("Packed 2 exercises"))
        #expect(packed.output.stdout.contains("Left out: .ci/, Benchmarks/, Tests/"), "\(packed.output.stdout)")
        let files = HandoutContents.files(below: packed.handout)
        for expected in ["handout.json", "grader.yml", "Package.swift", "README.md", "Lessons/00-fixtures.md",
                         "Exercises/00-fixtures/01-counter/Solution.swift", "Exercises/00-fixtures/01-counter/Driver.swift",
                         "Exercises/00-fixtures/01-counter/README.md", "Exercises/00-fixtures/01-counter/exercise.yml",
                         "Exercises/00-fixtures/02-sandbox-probe/Probe.swift",
                         "Exercises/00-fixtures/02-sandbox-probe/Resources/greeting.txt",
                         "ReferenceBinaries/00-fixtures/01-counter/App", "ReferenceBinaries/00-fixtures/02-sandbox-probe/App"] {
            #expect(files.contains(expected), "\(expected) is in the handout")
        }
        let instructorOnly = files.filter { path in
            let parts = path.split(separator: "/")
            return parts.contains { ["Reference", "Mutants", "Tests", "Benchmarks", ".ci", "03-documents", "04-ledger"].contains($0) }
        }
        #expect(instructorOnly.isEmpty, "nothing of the instructor's own folders: \(instructorOnly)")

        // Every byte of every file, the reference binaries' included.
        let references = try ["01-counter/Reference/Solution.swift", "02-sandbox-probe/Reference/Probe.swift"].map {
            try Data(contentsOf: packed.course.root.appendingPathComponent("Exercises/00-fixtures/\($0)"))
        }
        for path in files {
            let data = try Data(contentsOf: packed.handout.appendingPathComponent(path))
            for secret in Self.secrets {
                #expect(data.range(of: Data(secret.utf8)) == nil, "\(path) holds \"\(secret)\"")
            }
            #expect(!references.contains(data), "\(path) is a copy of a reference")
        }
        // Linked against the student's toolchain's runtime: small, and it says so.
        #expect(try FileManager.default.isExecutableFile(atPath: packed.binary("01-counter").path)
            && Data(contentsOf: packed.binary("01-counter")).count < 1_000_000)
        #expect(try packed.manifest().runtime == "shared")
        // Exercises/README.md without its table of requirements, and nothing else changed.
        #expect(try String(contentsOf: packed.handout.appendingPathComponent("Exercises/README.md"), encoding: .utf8)
            == "# Exercises\n\nBefore the table.\n\n(The table of requirements, their cases and mutants is in the instructor's course: it names hidden cases.)\n\nAfter the table.\n")
    }

    @Test func aSelfContainedHandoutCarriesTheRuntimeAndPassesTheSameCases() throws {
        let packed = try PackedFixture.shared.get()
        let folder = packed.scratch.appendingPathComponent("self-contained")
        let output = try GraderProcess.run(["pack", "--student", folder.path, "--self-contained"], in: packed.course.root)
        #expect(output.status == 0, "\(output.stderr)")
        let binary = folder.appendingPathComponent("ReferenceBinaries/00-fixtures/01-counter/App")
        #expect(try Data(contentsOf: binary).count > 10_000_000, "the Swift runtime and Foundation are inside")
        let manifest = try JSONDecoder().decode(HandoutManifest.self, from: Data(contentsOf: folder.appendingPathComponent("handout.json")))
        #expect(manifest.runtime == "embedded")
        // Another toolchain is no reason to stop: nothing of it is used.
        let copy = HandoutCopy(root: folder, course: packed.course.root)
        try copy.write("handout.json", try String(contentsOf: folder.appendingPathComponent("handout.json"), encoding: .utf8)
            .replacingOccurrences(of: manifest.swiftVersion, with: "Swift version 5.0 (swift-5.0-RELEASE)"))
        try copy.solveWithReference()
        let checked = try copy.run(["check", "counter"])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
    }

    @Test func aHandoutForAnotherSwiftReleaseStopsWithWhatToDo() throws {
        let handout = try PackedFixture.shared.get().copy()
        let manifest = try handout.manifest()
        #expect(manifest.swiftVersion.contains("Swift version"), "the packing compiler is recorded: \(manifest.swiftVersion)")
        // Checked once with the release that packed it, so that the binary is in the build cache.
        try handout.solveWithReference()
        #expect(try handout.run(["check", "counter"]).status == 0)
        try handout.write("handout.json", try String(contentsOf: handout.root.appendingPathComponent("handout.json"), encoding: .utf8)
            .replacingOccurrences(of: manifest.swiftVersion, with: "Swift version 5.0 (swift-5.0-RELEASE)"))
        let other = try handout.run(["check", "counter"])
        #expect(other.status == 2)
        #expect(other.stderr.contains("this handout's reference binaries use the Swift runtime of Swift version 5.0 (swift-5.0-RELEASE), and this grader's toolchain is \(manifest.swiftVersion)"), "\(other.stderr)")
        #expect(other.stderr.contains("--self-contained"))
    }

    @Test func theCaseFileKeepsItsLayoutAndOnlyTheVisibleCases() throws {
        let packed = try PackedFixture.shared.get()
        let text = try String(contentsOf: packed.handout.appendingPathComponent(PackedFixture.counterFile), encoding: .utf8)
        let original = try String(contentsOf: packed.course.root.appendingPathComponent(PackedFixture.counterFile), encoding: .utf8)
        // What stays is the instructor's text line for line, in order: comments, spacing and all.
        var remaining = original.components(separatedBy: "\n")[...]
        for line in text.components(separatedBy: "\n") {
            guard let found = remaining.firstIndex(of: line) else {
                Issue.record("a line the instructor did not write, or out of order: \(line)")
                break
            }
            remaining = remaining[(found + 1)...]
        }
        #expect(text.count > original.count / 2)
        #expect(text.contains("  # The next case compares with the reference.\n  - name: increments"))
        #expect(text.contains("explore:\n  seed: 3"))
        let manifest = try packed.manifest()
        let counter = try #require(manifest.entry("00-fixtures/01-counter"))
        #expect(counter.visibleCases == 5 && counter.hiddenCases == 3)
        #expect(counter.learnerFiles == ["Solution.swift"])
        #expect(counter.casesHash == SHA256.hex(of: Data(text.utf8)))
        #expect(counter.referenceHash == (try SHA256.hex(ofFile: packed.binary("01-counter"))))
        #expect(manifest.course == "Fixture course" && manifest.platform == HandoutManifest.currentPlatform)
        #expect(manifest.swiftVersion.contains("Swift version"))
        let loaded = CourseLoader().load(try CourseLoader().loadManifest(root: packed.handout))
        #expect(loaded.problems.isEmpty)
        #expect(loaded.course.exercises.first?.cases.map(\.name)
            == ["starts at zero", "increments", "survives a relaunch", "rejects a negative step", "prints a report", "exploration"])
    }

    @Test func theReferencesCodePassesEveryVisibleCaseAgainstTheShippedBinary() throws {
        let handout = try PackedFixture.shared.get().copy()
        try handout.solveWithReference()
        let result = try handout.run(["check", "--format", "json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let report = try CheckReport.decode(result.stdout)
        let counter = try #require(report.exercises.first { $0.id == "00-fixtures/01-counter" })
        #expect(counter.cases.map(\.name).contains("increments"), "a case that compares with the reference")
        #expect(counter.cases.last?.name == "exploration")
        #expect(counter.cases.allSatisfy { $0.status == "passed" } && counter.cases.count == 6)
        let probe = try #require(report.exercises.first { $0.id == "00-fixtures/02-sandbox-probe" })
        #expect(probe.status == "passed", "the shipped reference runs with the handout's resources in its bundle")
        // The result records the hash of the case file handed out, and so does the progress file.
        let manifest = try handout.manifest()
        #expect(counter.casesHash == manifest.entry("00-fixtures/01-counter")?.casesHash)
        let progress = try CourseProgress.load(root: handout.root)
        #expect(progress.exercises["00-fixtures/01-counter"]?.casesHash == counter.casesHash)
    }

    @Test func aWrongSolutionAndTheStarterFail() throws {
        let handout = try PackedFixture.shared.get().copy()
        try handout.write(PackedFixture.counterFolder + "/Solution.swift", try Fixtures.submission("stale-cache"))
        let stale = try handout.run(["check", "counter", "--format", "json"])
        #expect(stale.status == 1)
        let cases = try #require(try CheckReport.decode(stale.stdout).exercises.first?.cases)
        // Every written case passes; the exploration, run against the shipped binary, finds the bug.
        #expect(cases.filter { $0.status == "failed" }.map(\.name) == ["exploration"])
        let starter = try handout.run(["check"])
        #expect(starter.status == 1)
        #expect(starter.stdout.hasSuffix("0 passed, 2 failed\n"), "\(starter.stdout)")
    }

    @Test func instructorCommandsAreRefusedAndStudentCommandsWork() throws {
        let handout = try PackedFixture.shared.get().copy()
        for command in [["verify"], ["batch", "class", "--out", "results"], ["merge", "results/shard-0-of-1", "--out", "results"],
                        ["pack", "--student", "../again"]] {
            let result = try handout.run(command)
            #expect(result.status == 2)
            #expect(result.stderr.contains("`grader \(command[0])` needs the instructor's course"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: handout.root.appendingPathComponent("results").path))
        let show = try handout.run(["show", "counter"])
        #expect(show.status == 0)
        #expect(show.stdout.contains("Your instructor also grades 3 hidden cases, which this handout leaves out."))
        for command in [["list"], ["hint", "counter"], ["lessons"]] {
            let result = try handout.run(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        let shown = try handout.run(["check", "counter", "--show-hidden", "--format", "json"])
        #expect(!Self.secrets.contains { shown.stdout.contains($0) })
    }

    @Test func aDamagedManifestAndAnotherPlatformAreReportedClearly() throws {
        let handout = try PackedFixture.shared.get().copy()
        let manifest = try String(contentsOf: handout.root.appendingPathComponent("handout.json"), encoding: .utf8)
        try handout.write("handout.json", manifest.replacingOccurrences(of: "\"hidden_cases\" : 3", with: "\"hidden_cases\" : \"three\""))
        let damaged = try handout.run(["list"])
        #expect(damaged.status == 2)
        let line = try #require(manifest.components(separatedBy: "\n").firstIndex { $0.contains("\"hidden_cases\" : 3") }) + 1
        #expect(damaged.stderr.contains("handout.json:\(line):7: exercises[0].hidden_cases: expected a whole number"), "\(damaged.stderr)")
        #expect(damaged.stderr.contains("ask your instructor for a fresh copy of the handout"))

        let elsewhere = HandoutManifest.currentPlatform == "aarch64-linux" ? "x86_64-linux" : "aarch64-linux"
        try handout.write("handout.json", manifest.replacingOccurrences(
            of: "\"platform\" : \"\(HandoutManifest.currentPlatform)\"", with: "\"platform\" : \"\(elsewhere)\""))
        try handout.solveWithReference()
        let foreign = try handout.run(["check", "counter"])
        #expect(foreign.status == 2)
        #expect(foreign.stderr.contains("this handout's reference binaries were built for \(elsewhere)"), "\(foreign.stderr)")
    }

    @Test func anEditedCaseFileIsGradedWithAnotherHashAndAWarning() throws {
        let handout = try PackedFixture.shared.get().copy()
        try handout.solveWithReference()
        let original = try String(contentsOf: handout.root.appendingPathComponent(PackedFixture.counterFile), encoding: .utf8)
        let edited = original.replacingOccurrences(of: "  - name: prints a report", with: """
              - name: a case the student added
                steps:
                  - call: value
                    expect: 0
              - name: prints a report
            """)
        #expect(edited != original)
        try handout.write(PackedFixture.counterFile, edited)
        let result = try handout.run(["check", "counter", "--format", "json"])
        #expect(result.status == 0, "an edited case file is graded, not refused: \(result.stderr)")
        #expect(result.stderr.contains("warning: \(PackedFixture.counterFile) is not the file handed out"))
        let counter = try #require(try CheckReport.decode(result.stdout).exercises.first)
        #expect(counter.cases.contains { $0.name == "a case the student added" })
        #expect(counter.casesHash == SHA256.hex(of: Data(edited.utf8)))
        #expect(counter.casesHash != (try handout.manifest()).entry("00-fixtures/01-counter")?.casesHash)
    }

    @Test func packRefusesAFullFolderTheCourseItselfAndACourseWithProblems() throws {
        let packed = try PackedFixture.shared.get()
        let target = packed.scratch.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try "keep me".write(to: target.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let refused = try GraderProcess.run(["pack", "--student", target.path], in: packed.course.root)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("is not empty; pass --force"))
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("notes.txt").path))

        let inside = try GraderProcess.run(["pack", "--student", "handout", "--force"], in: packed.course.root)
        #expect(inside.status == 2)
        #expect(inside.stderr.contains("pack into a folder outside the course"))
        #expect(!FileManager.default.fileExists(atPath: packed.course.root.appendingPathComponent("handout").path))

        let forced = try GraderProcess.run(["pack", "--student", target.path, "--force"], in: packed.course.root)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target.appendingPathComponent("notes.txt").path))
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("handout.json").path))

        let broken = try TemporaryCourse.fixture()
        try broken.write("Exercises/00-fixtures/02-sandbox-probe/exercise.yml", "format: 1\ntitle: Probe\ncases: []\n")
        let problems = try GraderProcess.run(["pack", "--student", packed.scratch.appendingPathComponent("broken").path],
                                            in: broken.root)
        #expect(problems.status == 2)
        #expect(problems.stderr.contains("the course has problems"))
        #expect(problems.stderr.contains("Exercises/00-fixtures/02-sandbox-probe/exercise.yml"))
        #expect(!FileManager.default.fileExists(atPath: packed.scratch.appendingPathComponent("broken").path))
    }
}

/// The fixture course as an instructor keeps it (two exercises listed, two more on disk but not
/// listed, tests, benchmarks, CI), with more hidden cases, an exploration and an equivalent
/// mutant in the counter, packed once for every test by `grader pack --student`.
final class PackedFixture: @unchecked Sendable {
    static let counterFolder = "Exercises/00-fixtures/01-counter"
    static let counterFile = counterFolder + "/exercise.yml"
    static let shared = Result { try PackedFixture() }

    /// The instructor's `.gitignore`, which keeps their own `progress.json` out of their repository.
    static let courseGitignore = ".build*/\n.grader/\n# The learner's progress.\n# Students commit theirs.\n/progress.json\n/book/\n"

    let course: TemporaryCourse
    /// A folder of the tests' own, outside the course: the handout and its copies.
    let scratch: URL
    let handout: URL
    let output: GraderProcess.Output

    private init() throws {
        course = try TemporaryCourse.fixture()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("handouts-\(UUID().uuidString)")
        // Shared by every test and never deinitialised: removed, with the course, when the run exits.
        RemovedAtExit.register(scratch)
        RemovedAtExit.register(course.root)
        handout = scratch.appendingPathComponent("handout")
        try course.write("grader.yml", """
            format: 1
            title: Fixture course
            defaults: {time_limit: 3s, output_limit: 64KiB, file_size: 1MiB, points: 10}
            lessons:
              - id: 00-fixtures
                title: Fixtures for the grader's own tests
                exercises: [01-counter, 02-sandbox-probe]
            """)
        let counter = try String(contentsOf: course.root.appendingPathComponent(Self.counterFile), encoding: .utf8)
        try course.write(Self.counterFile, counter.replacingOccurrences(
            of: "  - name: increments", with: "  # The next case compares with the reference.\n  - name: increments") + """

              # Catches a counter that forgets to save: only a relaunch between increments shows it.
              - name: zebra counts survive two relaunches
                hidden: true
                steps:
                  - call: increment
                    args: {by: 31337}
                    expect: 31337
                  - relaunch
                  - call: value
                    expect: 31337
              - name: a report after a relaunch
                hidden: true
                steps:
                  - call: increment
                    args: {by: 2}
                  - relaunch
                  - call: report
            equivalent_mutants:
              L9-secret-mutant: the reference's line 9 cannot matter

            """ + ExplorationTests.explore)
        let reference = try String(contentsOf: course.root.appendingPathComponent(Self.counterFolder + "/Reference/Solution.swift"),
                                   encoding: .utf8)
        try course.write("Tests/CounterTests/Solution.swift", reference)
        try course.write("Benchmarks/Baseline/counter/Solution.swift", reference)
        try course.write(".ci/run", "swift test\n")
        try course.write(".gitignore", Self.courseGitignore)
        try course.write("README.md", "# Fixture course\n")
        try course.write("Lessons/00-fixtures.md", "# Fixtures\n\nNothing to read.\n")
        // The instructor's table of requirements names hidden cases and mutants: cut from the handout.
        try course.write("Exercises/README.md", "# Exercises\n\nBefore the table.\n\n\(Requirement.tableBegin)\n\n"
            + "| 1 | counts | zebra counts survive two relaunches | L9-secret-mutant |\n\n\(Requirement.tableEnd)\n\nAfter the table.\n")
        try course.write("Package.swift", "// swift-tools-version:6.0\n")
        output = try GraderProcess.run(["pack", "--student", handout.path], in: course.root)
    }

    func binary(_ slug: String) -> URL {
        handout.appendingPathComponent("ReferenceBinaries/00-fixtures/\(slug)/App")
    }

    func manifest() throws -> HandoutManifest {
        try JSONDecoder().decode(HandoutManifest.self, from: Data(contentsOf: handout.appendingPathComponent("handout.json")))
    }

    /// A copy of the handout for one test (hard links: the reference binaries are large), so
    /// that what a test writes or grades never reaches another test.
    func copy() throws -> HandoutCopy {
        let folder = scratch.appendingPathComponent("copy-\(UUID().uuidString.prefix(8))")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cp", "-al", handout.path, folder.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return HandoutCopy(root: folder, course: course.root)
    }
}

/// One test's handout: files are written by replacing them, never in place, so the hard links
/// shared with the packed handout are left alone.
struct HandoutCopy {
    let root: URL
    /// The instructor's course it was packed from.
    let course: URL

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: url)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The learner's files become the references' code, from the instructor's course.
    func solveWithReference() throws {
        for (folder, file) in [("01-counter", "Solution.swift"), ("02-sandbox-probe", "Probe.swift")] {
            let code = try String(contentsOf: course.appendingPathComponent("Exercises/00-fixtures/\(folder)/Reference/\(file)"),
                                  encoding: .utf8)
            try write("Exercises/00-fixtures/\(folder)/\(file)", code)
        }
    }

    func run(_ arguments: [String]) throws -> GraderProcess.Output {
        try GraderProcess.run(arguments, in: root)
    }

    func manifest() throws -> HandoutManifest {
        try JSONDecoder().decode(HandoutManifest.self, from: Data(contentsOf: root.appendingPathComponent("handout.json")))
    }
}

/// The parts of `grader check --format json` these tests read.
struct CheckReport: Decodable {
    var exercises: [Exercise]

    struct Exercise: Decodable {
        var id: String
        var status: String
        var casesHash: String?
        var cases: [Case]
    }

    struct Case: Decodable {
        var name: String
        var status: String
    }

    static func decode(_ text: String) throws -> CheckReport {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(CheckReport.self, from: Data(text.utf8))
    }
}
