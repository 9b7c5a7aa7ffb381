import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

struct CourseLoaderTests {
    static let manifest = """
        format: 1
        title: Test course
        lessons:
          - id: 01-basics
            title: Basics
            exercises: [01-one]
        """

    static let validExercise = """
        format: 1
        title: One
        summary: The first exercise.
        cases:
          - name: a case
            steps:
              - call: value
                expect: 0
        """

    /// A course with one exercise whose `exercise.yml` is `yaml`.
    private func course(exercise yaml: String, manifest: String = manifest) throws -> TemporaryCourse {
        try TemporaryCourse(files: [
            "grader.yml": manifest,
            "Exercises/01-basics/01-one/exercise.yml": yaml,
            "Exercises/01-basics/01-one/README.md": "# One\n",
            "Exercises/01-basics/01-one/Driver.swift": "",
            "Exercises/01-basics/01-one/Solution.swift": "",
            "Exercises/01-basics/01-one/Reference/Solution.swift": "",
        ])
    }

    private func problems(exercise yaml: String) throws -> [CourseProblem] {
        let temporary = try course(exercise: yaml)
        return try CourseLoader().load(root: temporary.root).problems
    }

    @Test func loadsTheFixtureCourse() throws {
        let loaded = try CourseLoader().load(root: Fixtures.course)
        #expect(loaded.problems.isEmpty)
        let counter = try #require(loaded.course.exercises.first)
        #expect(counter.id == "00-fixtures/01-counter")
        #expect(counter.shortName == "counter")
        #expect(counter.learnerFiles == ["Solution.swift"])
        #expect(counter.limits.timeLimit == 3)
        #expect(counter.limits.outputBytes == 64 * 1024)
        #expect(counter.mutants.map(\.name) == ["accepts-negative"])
        #expect(counter.cases.count == 6)
        #expect(counter.cases[2].weight == 2)
        #expect(counter.cases[5].hidden)
        guard case .call(let first) = counter.cases[0].steps[0] else { Issue.record("not a call"); return }
        #expect(first.expectation == .value(.int(0)))
        #expect(counter.cases[2].steps[1] == .relaunch)
        guard case .call(let throwing) = counter.cases[3].steps[0] else { Issue.record("not a call"); return }
        #expect(throwing.expectation == .error(ErrorPattern(type: "CounterError", case: "negative")))
        #expect(throwing.arguments == .object(["by": .int(-1)]))
    }

    @Test func onlyTheExercisesAskedForAreRead() throws {
        let temporary = try TemporaryCourse.fixture()
        // A broken file of another exercise is not read, so it is not a problem of this load.
        try temporary.write("Exercises/00-fixtures/02-sandbox-probe/exercise.yml", "format: [")
        let manifest = try CourseLoader().loadManifest(root: temporary.root)
        #expect(manifest.exercises.map(\.shortName) == ["counter", "sandbox-probe", "documents", "ledger"])
        let one = CourseLoader().load(manifest, only: ["00-fixtures/01-counter"])
        #expect(one.problems.isEmpty)
        #expect(one.course.exercises.map(\.id) == ["00-fixtures/01-counter"])
        #expect(one.course.lessons.map(\.id) == ["00-fixtures"])
        // Loading everything reads it and says where it is broken.
        let all = CourseLoader().load(manifest)
        #expect(all.problems.map(\.file) == ["Exercises/00-fixtures/02-sandbox-probe/exercise.yml"])
        #expect(all.course.exercises.count == 3)
        // A name resolves through the manifest alone, even to the broken exercise.
        let entries = try ExerciseSelector.select(["sandbox-probe"], in: manifest, currentDirectory: temporary.root)
        #expect(entries.map(\.id) == ["00-fixtures/02-sandbox-probe"])
        #expect(throws: GraderError.self) {
            _ = try ExerciseSelector.exercise("sandbox-probe", root: temporary.root, currentDirectory: temporary.root)
        }
    }

    @Test func quotedScalarsStayStrings() throws {
        let temporary = try course(exercise: """
            format: 1
            title: One
            summary: s
            cases:
              - name: c
                steps:
                  - call: v
                    expect: ["123", 123, 'true', true, 1.5, null, "null", ~]
            """)
        let exercise = try #require(try CourseLoader().load(root: temporary.root).course.exercises.first)
        guard case .call(let call) = exercise.cases[0].steps[0] else { Issue.record("not a call"); return }
        #expect(call.expectation == .value(.array([
            .string("123"), .int(123), .string("true"), .bool(true), .double(1.5), .null, .string("null"), .null,
        ])))
    }

    @Test func keysThatLookLikeNumbersAreFoundQuotedOrNot() throws {
        let temporary = try course(exercise: """
            format: 1
            title: One
            summary: s
            cases:
              - name: c
                steps:
                  - call: v
                    expect: {names: {"001": Bulbasaur, 002: Ivysaur, "true": yes}}
            """)
        let loaded = try CourseLoader().load(root: temporary.root)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let exercise = try #require(loaded.course.exercises.first)
        guard case .call(let call) = exercise.cases[0].steps[0] else { Issue.record("not a call"); return }
        #expect(call.expectation == .value(.object(["names": .object([
            "001": .string("Bulbasaur"), "002": .string("Ivysaur"), "true": .bool(true),
        ])])))
    }

    @Test func explicitNullIsALiteralExpectation() throws {
        let temporary = try course(exercise: Self.validExercise.replacingOccurrences(of: "expect: 0", with: "expect: null"))
        let exercise = try #require(try CourseLoader().load(root: temporary.root).course.exercises.first)
        guard case .call(let call) = exercise.cases[0].steps[0] else { Issue.record("not a call"); return }
        #expect(call.expectation == .value(.null))
    }

    @Test func syntaxErrorNamesLineAndColumn() throws {
        let found = try problems(exercise: "format: 1\ntitle: [unclosed\nsummary: x\n")
        let problem = try #require(found.first)
        #expect(problem.file == "Exercises/01-basics/01-one/exercise.yml")
        #expect(problem.line == 3)
        #expect(problem.column != nil)
        #expect(problem.message.hasPrefix("invalid YAML"))
    }

    @Test func wrongTypeNamesTheField() throws {
        let yaml = Self.validExercise.replacingOccurrences(of: "  - name: a case\n", with: "  - name: a case\n    weight: heavy\n")
        let problem = try #require(try problems(exercise: yaml).first)
        #expect(problem.field == "cases[0].weight")
        #expect(problem.line == 6)
        #expect(problem.column == 5)
        #expect(problem.message == "expected a number")
        #expect(problem.description == "Exercises/01-basics/01-one/exercise.yml:6:5: cases[0].weight: expected a number")
    }

    @Test func misspeltFieldIsAnErrorAtItsKey() throws {
        let yaml = Self.validExercise.replacingOccurrences(of: "expect: 0", with: "expcet: 0")
        let problem = try #require(try problems(exercise: yaml).first)
        #expect(problem.field == "cases[0].steps[0].expcet")
        #expect(problem.line == 8)
        #expect(problem.column == 9)
        #expect(problem.message.contains("unknown field 'expcet'"))
        #expect(problem.message.contains("expect_error"))
    }

    @Test func missingFieldPointsAtItsParent() throws {
        let yaml = Self.validExercise.replacingOccurrences(of: "  - name: a case\n    steps:", with: "  - steps:")
        let problem = try #require(try problems(exercise: yaml).first)
        #expect(problem.field == "cases[0]")
        #expect(problem.line == 5)
        #expect(problem.message == "missing required field 'name'")
    }

    @Test func expectAndExpectErrorTogetherAreRejected() throws {
        let yaml = Self.validExercise.replacingOccurrences(of: "expect: 0", with: "expect: 0\n        expect_error: E.e")
        let problem = try #require(try problems(exercise: yaml).first)
        #expect(problem.field == "cases[0].steps[0].expect_error")
        #expect(problem.line == 9)
    }

    @Test func unknownStepWordAndBadDurationAreLocated() throws {
        let yaml = Self.validExercise
            .replacingOccurrences(of: "summary: The first exercise.", with: "summary: s\nlimits: {time_limit: soon}")
        let problem = try #require(try problems(exercise: yaml).first)
        #expect(problem.field == "limits.time_limit")
        #expect(problem.line == 4)
        #expect(problem.message.contains("10s"))

        let step = Self.validExercise.replacingOccurrences(of: "      - call: value\n        expect: 0", with: "      - restart")
        let stepProblem = try #require(try problems(exercise: step).first)
        #expect(stepProblem.field == "cases[0].steps[0]")
        #expect(stepProblem.message.contains("unknown step 'restart'"))
    }

    @Test func everyProblemIsCollected() throws {
        let temporary = try TemporaryCourse(files: [
            "grader.yml": """
                format: 1
                title: T
                lessons:
                  - id: 01-basics
                    title: Basics
                    exercises: [01-one, 02-missing, 03-broken]
                """,
            "Exercises/01-basics/01-one/exercise.yml": Self.validExercise,
            "Exercises/01-basics/03-broken/exercise.yml": "format: 1\ntitle: Broken\n",
        ])
        let problems = try CourseLoader().load(root: temporary.root).problems
        let text = problems.map(\.description)
        // 01-one: no Driver.swift, README.md, Reference/.
        #expect(text.contains("Exercises/01-basics/01-one/Driver.swift: missing: every exercise needs a driver"))
        #expect(text.contains { $0.hasPrefix("Exercises/01-basics/01-one/Reference: no reference implementation") })
        #expect(text.contains("grader.yml:6:25: lessons[0].exercises[1]: no exercise at Exercises/01-basics/02-missing/exercise.yml"))
        #expect(text.contains { $0.hasPrefix("Exercises/01-basics/03-broken/exercise.yml:1:1: missing required field 'summary'") })
    }

    @Test func unsupportedManifestFormatIsFatal() throws {
        let temporary = try TemporaryCourse(files: ["grader.yml": Self.manifest.replacingOccurrences(of: "format: 1", with: "format: 7")])
        #expect(throws: CourseProblem.self) { try CourseLoader().load(root: temporary.root) }
    }

    @Test func findsTheRootFromASubfolder() throws {
        let nested = Fixtures.course.appendingPathComponent("Exercises/00-fixtures/01-counter")
        #expect(CourseLoader.findRoot(from: nested)?.standardizedFileURL.path == Fixtures.course.standardizedFileURL.path)
    }

    // MARK: container checks, crash repetitions, generated inputs

    @Test func readsContainerChecksCrashPlansAndGenerators() throws {
        let loaded = try CourseLoader().load(root: Fixtures.course)
        #expect(loaded.problems.isEmpty)
        let documents = try #require(loaded.course.exercises.first { $0.shortName == "documents" })
        let note = try #require(documents.cases.first)
        #expect(note.container.count == 2)
        #expect(note.container[0].kind == .binaryPlist)
        #expect(note.container[1].kind == .absent)
        let xml = documents.cases[1].container[0]
        #expect(xml.comparesWithReference)
        #expect(xml.minSize == 100 && xml.maxSize == 4096)
        let atEachChange = try #require(documents.cases.first { $0.crash != nil })
        #expect(atEachChange.crash?.atEachFileChange == true)
        let crash = try #require(documents.cases.first { $0.crash != nil && $0.crash?.atEachFileChange == false })
        #expect(crash.crash == CrashPlan(repetitions: 12, seed: 5))
        guard case .killDuring(let call) = crash.steps[1] else { Issue.record("step 2 is kill_during"); return }
        #expect(call.operation == "saveBig")
        let generated = try #require(documents.cases.first { $0.inputs != nil }?.inputs)
        #expect(generated.count == 25 && generated.seed == 11)
        #expect(generated.variables.map(\.name) == ["text"])
        let missingAge = try #require(documents.cases.first { $0.name.hasPrefix("a missing age") })
        guard case .call(let decode) = missingAge.steps[0] else { Issue.record("a call"); return }
        #expect(decode.expectation == .error(ErrorPattern(type: "DecodingError", case: "keyNotFound", codingPath: "age")))
    }

    @Test func callsAfterAKillNeedLiteralExpectations() throws {
        let found = try problems(exercise: Self.validExercise + """

              - name: torn
                steps:
                  - kill_during: save
                  - call: load
            """)
        let problem = try #require(found.first)
        #expect(problem.line == 12)
        #expect(problem.message.contains("needs `expect`, `expect_one_of` or `expect_error`"))
    }

    @Test func repeatWithoutAKillIsAProblem() throws {
        let found = try problems(exercise: Self.validExercise + """

              - name: repeated
                repeat: 5
                steps:
                  - call: value
            """)
        #expect(found.first?.field == "cases[1].repeat")
    }

    @Test func generatorsNameTheirFieldWhenWrong() throws {
        let unknownVariable = try problems(exercise: Self.validExercise + """

              - name: generated
                generate:
                  values:
                    name: {type: string}
                steps:
                  - call: greet
                    args: {name: $nmae}
            """)
        #expect(unknownVariable.first?.message.contains("$nmae") == true)
        let badType = try problems(exercise: Self.validExercise + """

              - name: generated
                generate:
                  values:
                    age: {type: integer}
                steps:
                  - call: greet
            """)
        #expect(badType.first?.field == "cases[1].generate.values.age.type")
        #expect(badType.first?.message.contains("unknown generator 'integer'") == true)
        let misplaced = try problems(exercise: Self.validExercise + """

              - name: generated
                generate:
                  values:
                    flag: {type: bool, max_length: 3}
                steps:
                  - call: greet
            """)
        #expect(misplaced.first?.message.contains("a bool generator has no 'max_length'") == true)
    }

    @Test func misspeltContainerKindsAndCheckedKillsAreProblems() throws {
        let kind = try problems(exercise: Self.validExercise + """

                container:
                  - path: Documents/a.plist
                    is: plist-xml
            """)
        #expect(kind.first?.field == "cases[0].container[0].is")
        #expect(kind.first?.message.contains("unknown kind 'plist-xml'") == true)
        let checkedKill = try problems(exercise: Self.validExercise + """

              - name: torn
                steps:
                  - kill_during: save
                    expect: 1
            """)
        #expect(checkedKill.first?.message.contains("a `kill_during` step has no result to check") == true)
    }

    @Test func anErrorPatternCanStateValuesCodeAndMessage() throws {
        let temporary = try course(exercise: Self.validExercise + """

                  - call: remove
                    expect_error: {type: ShelfError, case: tooLong, value: {count: 3, limit: 2}}
                  - call: open
                    expect_error: {type: CocoaError, case: fileNoSuchFile, code: 4}
                  - call: check
                    expect_error: {type: AgeError, message: age must be under 100}
                  - call: read
                    expect_error: {type: ShelfError, case: missing, value: null}
                  - call: compare
                    error_details: true
            """)
        let loaded = try CourseLoader().load(root: temporary.root)
        #expect(loaded.problems.isEmpty)
        let steps = try #require(loaded.course.lessons.first?.exercises.first?.cases.first?.steps)
        func pattern(_ index: Int) -> ErrorPattern? {
            if case .call(let call) = steps[index], case .error(let pattern) = call.expectation { return pattern }
            return nil
        }
        #expect(pattern(1)?.values == .object(["count": .int(3), "limit": .int(2)]))
        #expect(pattern(1)?.description == "ShelfError.tooLong(count: 3, limit: 2)")
        #expect(pattern(2)?.code == 4)
        #expect(pattern(3)?.message == "age must be under 100")
        #expect(pattern(4)?.values == .null, "an explicit null is a value to check")
        #expect(pattern(2)?.values == nil)
        if case .call(let call) = steps[5] { #expect(call.options.errorDetails) } else { Issue.record("step 6 is a call") }
        let wrong = try problems(exercise: Self.validExercise + """

                  - call: open
                    expect_error: {type: CocoaError, code: four}
            """)
        #expect(wrong.first?.field == "cases[0].steps[1].expect_error.code")
        #expect(wrong.first?.line == 10)
    }

    @Test func anExplorationIsLoadedAsALastCaseAndItsMistakesAreLocated() throws {
        let temporary = try course(exercise: Self.validExercise + """

            explore:
              sequences: 10
              operations:
                value:
                save:
                  args: {count: {type: int, min: 0, max: 3}}
                  weight: 3
            """)
        let loaded = try CourseLoader().load(root: temporary.root)
        #expect(loaded.problems.isEmpty)
        let last = try #require(loaded.course.lessons.first?.exercises.first?.cases.last)
        #expect(last.name == "exploration")
        let spec = try #require(last.exploration)
        #expect(spec.sequences == 10 && spec.length == 8)
        #expect(spec.operations.map(\.name) == ["save", "value"])
        #expect(spec.operations.first?.weight == 3)
        #expect(spec.operations.first?.arguments.first?.generator == .int(min: 0, max: 3))

        let wrongChance = try problems(exercise: Self.validExercise + "\nexplore:\n  relaunch: 2\n  operations: {value: }\n")
        #expect(wrongChance.first?.field == "explore.relaunch")
        #expect(wrongChance.first?.line == 10)
        let none = try problems(exercise: Self.validExercise + "\nexplore:\n  operations: {}\n")
        #expect(none.first?.field == "explore.operations")
        #expect(none.first?.message.contains("at least one operation") == true)
        let misspelt = try problems(exercise: Self.validExercise + "\nexplore:\n  operations:\n    value: {wieght: 2}\n")
        #expect(misspelt.first?.field == "explore.operations.value.wieght")
        let both = try problems(exercise: Self.validExercise
            + "\nexplore:\n  operations:\n    save: {args: {n: {type: int}}, argument: {type: int}}\n")
        #expect(both.first?.field == "explore.operations.save.argument")
        #expect(both.first?.message.contains("not both") == true)
    }

    @Test func aSecondBudgetForVerifyIsRefusedWithTheReason() throws {
        let found = try problems(exercise: Self.validExercise + """

            explore:
              sequences: 10
              verify_sequences: 40
              operations:
                value:
            """)
        #expect(found.count == 1)
        #expect(found.first?.field == "explore.verify_sequences")
        #expect(found.first?.line == 11)
        #expect(found.first?.message.hasPrefix("`check`, `verify` and `batch` explore the same sequences") == true)
    }

    @Test func anExplorationTriesNinetySixSequencesUnlessToldOtherwise() throws {
        let temporary = try course(exercise: Self.validExercise + """

            explore:
              operations:
                value:
            """)
        let loaded = try CourseLoader().load(root: temporary.root)
        #expect(loaded.course.exercises.first?.cases.last?.exploration?.sequences == 96)
    }

    @Test func errorPatternsSizesAndKillsAreChecked() throws {
        let found = try problems(exercise: Self.validExercise + """

                  - call: load
                    expect_error: {type: DecodingError.keyNotFound}
                  - call: load
                    expect_error: {type: ""}
                container:
                  - path: Documents/a.plist
                    is: plist
                    size: {min: 10KiB, max: 1KiB}
              - name: two kills
                steps:
                  - call: save
                    expect: null
                  - kill_during: save
                  - kill_during: save
                  - call: load
                    expect: 1
            """)
        #expect(found.map(\.field) == [
            "cases[0].steps[1].expect_error", "cases[0].steps[2].expect_error",
            "cases[0].container[0].size", "cases[1].steps",
        ])
        #expect(found[0].message.hasPrefix("write the type and the case apart"))
        #expect(found[2].message == "`min` (10240 bytes) is larger than `max` (1024 bytes)")
        #expect(found[3].message.hasPrefix("a case kills one call part-way"))
    }

    @Test func aResourceIsAnItemOfTheResourcesFolder() throws {
        let found = try problems(exercise: Self.validExercise.replacingOccurrences(
            of: "summary: The first exercise.\n", with: "summary: The first exercise.\nresources: [Settings.bundle/Root.plist]\n"))
        #expect(found.map(\.field) == ["resources[0]"])
        #expect(found.first?.message.hasPrefix("name an item directly inside") == true)
    }

    @Test func containerChecksStayInsideTheContainer() throws {
        let found = try problems(exercise: Self.validExercise + """

                container:
                  - path: ../../etc/passwd
                    is: file
            """)
        #expect(found.first?.field == "cases[0].container[0].path")
    }

    @Test func databaseChecksAndTimeLimitsAreValidated() throws {
        let found = try problems(exercise: Self.validExercise + """

                timeout: 10
                container:
                  - path: Documents/a.plist
                    is: plist
                    query: SELECT 1
                  - path: Documents/a.sqlite
                    is: sqlite
                    query: SELECT name FROM people
                    equals: [Ada, Alan]
                  - path: Documents/b.sqlite
                    is: sqlite
                    equals: [[1]]
              - name: floor alone
                timeout_floor: 100ms
                steps:
                  - call: value
                    expect: 0
            """)
        #expect(found.map(\.field) == [
            "cases[0].container[0].query", "cases[0].container[1].equals", "cases[0].container[2].equals",
            "cases[0].timeout", "cases[1].timeout_floor",
        ])
        #expect(found[0].message == "only a SQLite database (`is: sqlite`) has a query or a user_version")
        #expect(found[1].message.hasPrefix("a query's rows are a list of lists"))
        #expect(found[3].message.hasPrefix("'10' is not a relative time limit; write it like 10x"))
        let valid = try course(exercise: Self.validExercise + """

                timeout: 4x
                timeout_floor: 100ms
                container:
                  - path: Documents/a.sqlite
                    is: sqlite
                    user_version: 2
                    query: SELECT name FROM people
            """)
        let loaded = try CourseLoader().load(root: valid.root)
        #expect(loaded.problems.isEmpty)
        let testCase = try #require(loaded.course.exercises.first?.cases.first)
        #expect(testCase.timeLimit == RelativeTimeLimit(factor: 4, floor: 0.1))
        #expect(testCase.container.first?.userVersion == 2)
        #expect(testCase.container.first?.comparesWithReference == true)
    }
}
