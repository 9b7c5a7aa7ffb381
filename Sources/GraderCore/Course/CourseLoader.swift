import ExerciseKit
import Foundation

/// Reads a course from disk and validates it, collecting every problem instead of stopping at
/// the first.
public struct CourseLoader {
    public init() {}

    /// The result of loading: the valid part of the course and everything wrong with it.
    public struct Loaded: Sendable {
        public var course: Course
        public var problems: [CourseProblem]
    }

    /// Finds the course root: the nearest folder at or above `start` holding `grader.yml`.
    public static func findRoot(from start: URL) -> URL? {
        var directory = start.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("grader.yml").path) {
                return directory
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
        }
    }

    /// Loads `grader.yml` and every exercise it lists.
    /// - Throws: ``CourseProblem`` only when `grader.yml` itself cannot be used; problems in
    ///   exercises are returned in ``Loaded/problems`` and those exercises are left out.
    public func load(root: URL) throws -> Loaded {
        load(try loadManifest(root: root))
    }

    /// The course at `root` with every exercise that loads, for commands that look at them all
    /// (`grader next`, `skip`); those that do not load are left out.
    /// - Throws: ``GraderError/courseInvalid(_:)`` when `grader.yml` cannot be used.
    public static func wholeCourse(root: URL) throws -> Course {
        do {
            return try CourseLoader().load(root: root).course
        } catch let problem as CourseProblem {
            throw GraderError.courseInvalid(problem)
        }
    }

    /// Reads `grader.yml` alone: the lessons and where each exercise lives.
    /// - Throws: ``CourseProblem`` when `grader.yml` cannot be used; a listed exercise without
    ///   an `exercise.yml` is one of the manifest's ``CourseManifest/problems``.
    public func loadManifest(root: URL) throws -> CourseManifest {
        let document = try YAMLDocument(contentsOf: root.appendingPathComponent("grader.yml"), displayPath: "grader.yml")
        let file = try document.decode(CourseFile.self)
        var problems: [CourseProblem] = []
        if file.format != CourseFile.currentFormat {
            throw document.problem(at: [AnyCodingKey("format")],
                                   "format \(file.format) is not supported; this grader reads format \(CourseFile.currentFormat)")
        }
        var lessons: [CourseManifest.LessonEntry] = []
        var missing: [(entry: CourseManifest.ExerciseEntry, problem: CourseProblem)] = []
        var seenLessons = Set<String>()
        for (lessonIndex, entry) in file.lessons.enumerated() {
            let lessonPath: [CodingKey] = [AnyCodingKey("lessons"), AnyCodingKey(lessonIndex)]
            // The id and the slugs are folder names: Exercises/<id>/<slug>, Lessons/<id>.md.
            if let reason = NameRules.fileNameProblem(entry.id) {
                problems.append(document.problem(at: lessonPath + [AnyCodingKey("id")], reason))
                continue
            }
            if !seenLessons.insert(entry.id).inserted {
                problems.append(document.problem(at: lessonPath + [AnyCodingKey("id")], "lesson '\(entry.id)' is listed twice"))
                continue
            }
            var exercises: [CourseManifest.ExerciseEntry] = []
            for (exerciseIndex, slug) in entry.exercises.enumerated() {
                let path = lessonPath + [AnyCodingKey("exercises"), AnyCodingKey(exerciseIndex)]
                if let reason = NameRules.fileNameProblem(slug) {
                    problems.append(document.problem(at: path, reason))
                    continue
                }
                let directory = root.appendingPathComponent("Exercises/\(entry.id)/\(slug)")
                guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("exercise.yml").path) else {
                    let problem = document.problem(at: path, "no exercise at Exercises/\(entry.id)/\(slug)/exercise.yml")
                    problems.append(problem)
                    missing.append((CourseManifest.ExerciseEntry(lessonID: entry.id, slug: slug, directory: directory), problem))
                    continue
                }
                exercises.append(CourseManifest.ExerciseEntry(lessonID: entry.id, slug: slug, directory: directory))
            }
            lessons.append(CourseManifest.LessonEntry(id: entry.id, title: entry.title, exercises: exercises,
                                                      file: root.appendingPathComponent("Lessons/\(entry.id).md")))
        }
        problems += Self.linkProblems(below: root.appendingPathComponent("Resources"), displayPath: "Resources")
        var manifest = CourseManifest(root: root, title: file.title, limits: Limits.standard.overridden(by: file.defaults),
                                      points: file.defaults?.points ?? 10, lessons: lessons, problems: problems)
        manifest.mutationMinimum = file.mutationMinimum ?? manifest.mutationMinimum
        manifest.missingExercises = missing
        manifest.handout = try HandoutManifest.load(root: root)
        return manifest
    }

    /// Loads the exercises of `manifest` whose ids are in `only` (every exercise when nil),
    /// each from its own `exercise.yml`, at the same time; the others are left out unread.
    public func load(_ manifest: CourseManifest, only ids: Set<String>? = nil) -> Loaded {
        let entries = manifest.exercises.filter { ids?.contains($0.id) ?? true }
        // Each entry's exercise (nil when its file could not be read at all) and problems.
        var loaded = [(exercise: Exercise?, problems: [CourseProblem])](repeating: (nil, []), count: entries.count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: entries.count) { index in
            let entry = entries[index]
            let result: (exercise: Exercise?, problems: [CourseProblem])
            do {
                result = try loadExercise(directory: entry.directory, lessonID: entry.lessonID, slug: entry.slug,
                                          defaults: manifest.limits, points: manifest.points,
                                          handout: manifest.handout.map { (manifest.root, $0) })
            } catch let problem as CourseProblem {
                result = (nil, [problem])
            } catch {
                result = (nil, [CourseProblem(file: "\(entry.displayPath)/exercise.yml", message: "cannot be read: \(error)")])
            }
            lock.lock()
            loaded[index] = result
            lock.unlock()
        }
        var problems = manifest.problems
        var byID: [String: Exercise] = [:]
        for (entry, result) in zip(entries, loaded) {
            problems += result.problems
            if result.problems.isEmpty, let exercise = result.exercise { byID[entry.id] = exercise }
        }
        let lessons = manifest.lessons.map { lesson in
            Lesson(id: lesson.id, title: lesson.title, exercises: lesson.exercises.compactMap { byID[$0.id] }, file: lesson.file)
        }
        var course = Course(root: manifest.root, title: manifest.title, lessons: lessons, limits: manifest.limits)
        course.mutationMinimum = manifest.mutationMinimum
        return Loaded(course: course,
                      problems: problems)
    }

    /// Loads one exercise folder; returns the exercise and the problems found in it.
    /// - Parameter handout: the handout's root and manifest when the course is a student handout.
    func loadExercise(
        directory: URL, lessonID: String, slug: String, defaults: Limits, points: Int,
        handout: (root: URL, manifest: HandoutManifest)? = nil
    ) throws -> (Exercise, [CourseProblem]) {
        let displayPath = "Exercises/\(lessonID)/\(slug)"
        let document = try YAMLDocument(contentsOf: directory.appendingPathComponent("exercise.yml"),
                                        displayPath: "\(displayPath)/exercise.yml")
        let file = try document.decode(ExerciseFile.self)
        var problems: [CourseProblem] = []
        if file.format != ExerciseFile.currentFormat {
            problems.append(document.problem(at: [AnyCodingKey("format")],
                                             "format \(file.format) is not supported; this grader reads format \(ExerciseFile.currentFormat)"))
        }
        if file.cases.isEmpty {
            problems.append(document.problem(at: [AnyCodingKey("cases")], "an exercise needs at least one case"))
        }
        var cases: [TestCase] = []
        var stepPlaces: [[String]] = []
        /// Where each case with a `bundle:` key is, to check what it removes once the resources are known.
        /// An `update:` step may also remove what the case's `bundle:` or an earlier update wrote.
        var bundleEditPlaces: [(removed: [String], path: [CodingKey], writtenBefore: [String])] = []
        var names = Set<String>()
        for (index, caseFile) in file.cases.enumerated() {
            let casePath: [CodingKey] = [AnyCodingKey("cases"), AnyCodingKey(index)]
            if let reason = NameRules.lineProblem(caseFile.name) {
                problems.append(document.problem(at: casePath + [AnyCodingKey("name")], reason))
            }
            if !names.insert(caseFile.name).inserted {
                problems.append(document.problem(at: casePath + [AnyCodingKey("name")], "two cases are named '\(caseFile.name)'"))
            }
            if let weight = caseFile.weight, let message = FieldBounds.weight.problem(weight) {
                problems.append(document.problem(at: casePath + [AnyCodingKey("weight")], message))
            }
            var steps: [Step] = []
            var places: [String] = []
            var writtenBefore = caseFile.bundle.map { Array($0.write.keys) } ?? []
            for (stepIndex, stepFile) in caseFile.steps.enumerated() {
                let stepPath = casePath + [AnyCodingKey("steps"), AnyCodingKey(stepIndex)]
                places.append(document.problem(at: stepPath, "").place)
                switch stepFile {
                case .relaunch: steps.append(.relaunch)
                case .kill: steps.append(.kill)
                case .update(let edits):
                    let updatePath = stepPath + [AnyCodingKey("update")]
                    steps.append(.update(bundleEdits(edits, at: updatePath, document: document, problems: &problems)))
                    bundleEditPlaces.append((edits.remove, updatePath, writtenBefore))
                    writtenBefore += edits.write.keys
                case .call(let call), .killDuring(let call):
                    switch makeCall(call) {
                    case .success(let made):
                        if case .killDuring = stepFile { steps.append(.killDuring(made)) } else { steps.append(.call(made)) }
                    case .failure(let reason):
                        problems.append(document.problem(at: stepPath + [AnyCodingKey(reason.field)], reason.message))
                    }
                }
            }
            stepPlaces.append(places)
            if !steps.contains(where: { if case .call = $0 { return true } else { return false } }) {
                problems.append(document.problem(at: casePath + [AnyCodingKey("steps")], "a case needs at least one `call` step"))
            }
            var testCase = TestCase(name: caseFile.name, index: index, weight: caseFile.weight ?? 1,
                                    hidden: caseFile.hidden ?? false, steps: steps)
            for (assertionIndex, file) in caseFile.container.enumerated() {
                switch makeAssertion(file) {
                case .success(let assertion): testCase.container.append(assertion)
                case .failure(let reason):
                    problems.append(document.problem(
                        at: casePath + [AnyCodingKey("container"), AnyCodingKey(assertionIndex), AnyCodingKey(reason.field)],
                        reason.message))
                }
            }
            problems += crashPlan(for: &testCase, file: caseFile, path: casePath, document: document)
            problems += timeLimit(for: &testCase, file: caseFile, path: casePath, document: document)
            if let spec = caseFile.generate {
                testCase.inputs = InputSpec(seed: spec.seed, count: spec.count,
                                            variables: spec.values.map { InputSpec.Variable(name: $0.0, generator: $0.1) })
                for name in CaseInstance.referencedVariables(in: testCase) where !spec.values.contains(where: { $0.0 == name }) {
                    problems.append(document.problem(at: casePath + [AnyCodingKey("generate"), AnyCodingKey("values")],
                                                     "the steps use $\(name), which `values` does not define"))
                }
                if testCase.crash != nil {
                    problems.append(document.problem(at: casePath + [AnyCodingKey("generate")],
                                                     "a case either generates inputs or kills a call part-way, not both"))
                }
            }
            testCase.environment = PhoneEnvironment.forCase(
                exerciseID: "\(lessonID)/\(slug)", name: testCase.name, seed: testCase.inputs?.seed ?? testCase.crash?.seed)
            if let edits = caseFile.bundle {
                let bundlePath = casePath + [AnyCodingKey("bundle")]
                testCase.bundle = bundleEdits(edits, at: bundlePath, document: document, problems: &problems)
                bundleEditPlaces.append((edits.remove, bundlePath, []))
            }
            cases.append(testCase)
        }
        if let explore = file.explore {
            var exploration = TestCase(name: "exploration", index: cases.count, weight: explore.weight ?? 1,
                                       hidden: false, steps: [])
            let path = [AnyCodingKey("explore")]
            var container: [ContainerAssertion] = []
            for (assertionIndex, assertionFile) in explore.container.enumerated() {
                switch makeAssertion(assertionFile) {
                case .success(let assertion): container.append(assertion)
                case .failure(let reason):
                    problems.append(document.problem(
                        at: path + [AnyCodingKey("container"), AnyCodingKey(assertionIndex), AnyCodingKey(reason.field)],
                        reason.message))
                }
            }
            if cases.contains(where: { $0.name == exploration.name }) {
                problems.append(document.problem(at: path, "a case is already named \"exploration\": rename it"))
            }
            exploration.exploration = ExplorationSpec(
                seed: explore.seed, sequences: explore.sequences, length: explore.length,
                operations: explore.operations.map { name, operation in
                    ExplorationSpec.Operation(name: name, arguments: operation.args.map { InputSpec.Variable(name: $0.0, generator: $0.1) },
                                              weight: operation.weight, errorDetails: operation.errorDetails,
                                              unordered: operation.unordered)
                },
                relaunch: explore.relaunch, kill: explore.kill, container: container)
            exploration.environment = PhoneEnvironment.forCase(exerciseID: "\(lessonID)/\(slug)", name: exploration.name,
                                                               seed: explore.seed)
            cases.append(exploration)
        }
        let handoutEntry = handout.flatMap { $0.manifest.entry("\(lessonID)/\(slug)") }
        let (learnerFiles, fileProblems) = handout == nil
            ? learnerFiles(in: directory, displayPath: displayPath)
            : handoutLearnerFiles(handoutEntry, in: directory, displayPath: displayPath)
        problems += fileProblems
        let sharedFolder = directory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources")
        var sharedResources: [URL] = []
        for (index, name) in file.resources.enumerated() {
            let item = sharedFolder.appendingPathComponent(name)
            if NameRules.fileNameProblem(name) != nil {
                // The item goes into the bundle under its own name: a path inside it would lose its folders.
                problems.append(document.problem(at: [AnyCodingKey("resources"), AnyCodingKey(index)],
                                                 "name an item directly inside the course's Resources/ folder, such as Settings.bundle"))
            } else if BundleResources.kind(of: item) == .typeSymbolicLink {
                problems.append(document.problem(at: [AnyCodingKey("resources"), AnyCodingKey(index)],
                                                 "Resources/\(name) is a symbolic link; put the file itself there (a link could reach outside the course)"))
            } else if !FileManager.default.fileExists(atPath: item.path) {
                problems.append(document.problem(at: [AnyCodingKey("resources"), AnyCodingKey(index)],
                                                 "no '\(name)' in the course's Resources/ folder"))
            } else {
                sharedResources.append(item)
            }
        }
        for (index, suite) in file.defaultsSuites.enumerated() {
            // A suite is saved as Library/Preferences/<suite>.plist, and the runtime reads the list split at commas.
            if let reason = NameRules.fileNameProblem(suite) ?? (suite.contains(",") ? "a suite's name has no comma" : nil) {
                problems.append(document.problem(at: [AnyCodingKey("defaults_suites"), AnyCodingKey(index)], reason))
            }
        }
        problems += Self.linkProblems(below: directory.appendingPathComponent("Resources"), displayPath: "\(displayPath)/Resources")
        var exercise = Exercise(
            id: "\(lessonID)/\(slug)", slug: slug, lessonID: lessonID, title: file.title, summary: file.summary,
            points: file.points ?? file.limits?.points ?? points, hints: file.hints,
            limits: defaults.overridden(by: file.limits), defaultsSuites: file.defaultsSuites, cases: cases,
            directory: directory, displayPath: displayPath, learnerFiles: learnerFiles,
            mutants: mutants(in: directory, learnerFiles: learnerFiles, displayPath: displayPath, problems: &problems))
        exercise.sharedResources = sharedResources
        // A case removes what the bundle holds: a path no resource has is a typing mistake.
        let bundled = exercise.bundleResources.resolved.map(\.path)
        for (removed, bundlePath, writtenBefore) in bundleEditPlaces {
            for (itemIndex, path) in removed.enumerated()
            where BundleEdits.pathProblem(path) == nil
                && !(bundled + writtenBefore).contains(where: { $0 == path || $0.hasPrefix(path + "/") }) {
                problems.append(document.problem(at: bundlePath + [AnyCodingKey("remove"), AnyCodingKey(itemIndex)],
                                                 "the app bundle holds no \(path); its resources are \(bundled.isEmpty ? "none" : bundled.joined(separator: ", "))"))
            }
        }
        exercise.stepPlaces = stepPlaces
        exercise.equivalentMutants = file.equivalentMutants
        exercise.equivalentMutantsReviewed = file.equivalentMutantsReviewed
        exercise.requirements = requirements(file.requirements, cases: cases, mutants: exercise.mutants,
                                             statement: exercise.statementURL, document: document, problems: &problems)
        exercise.casesHash = SHA256.hex(of: document.contents)
        if let handout, let handoutEntry {
            exercise.shippedReference = ShippedReference(
                binary: handout.root.appendingPathComponent(handoutEntry.referenceBinary), hash: handoutEntry.referenceHash,
                platform: handout.manifest.platform,
                swiftVersion: handout.manifest.runtime == HandoutManifest.sharedRuntime ? handout.manifest.swiftVersion : nil)
            exercise.withheldCases = handoutEntry.hiddenCases
        }
        return (exercise, problems)
    }

    /// A `bundle:` of a case or an `update:` step: its paths checked (inside the bundle, not the
    /// executable), and something to change.
    private func bundleEdits(_ file: BundleEditsFile, at path: [CodingKey], document: YAMLDocument,
                     problems: inout [CourseProblem]) -> BundleEdits {
        for (itemIndex, item) in file.remove.enumerated() {
            if let reason = BundleEdits.pathProblem(item) {
                problems.append(document.problem(at: path + [AnyCodingKey("remove"), AnyCodingKey(itemIndex)], reason))
            }
        }
        for item in file.write.keys.sorted() {
            if let reason = BundleEdits.pathProblem(item) {
                problems.append(document.problem(at: path + [AnyCodingKey("write"), AnyCodingKey(item)], reason))
            }
        }
        if file.remove.isEmpty && file.write.isEmpty {
            problems.append(document.problem(at: path, "say what changes in the bundle: `remove` or `write`"))
        }
        return BundleEdits(removed: file.remove, written: file.write)
    }

    /// Checks a case's kill steps and sets its crash plan; returns the problems found.
    private func crashPlan(for testCase: inout TestCase, file: CaseFile, path: [CodingKey],
                           document: YAMLDocument) -> [CourseProblem] {
        var problems: [CourseProblem] = []
        guard let killIndex = testCase.steps.firstIndex(where: { if case .killDuring = $0 { return true } else { return false } }) else {
            if file.repetitions != nil || file.seed != nil || file.killAt != nil {
                let key = file.repetitions != nil ? "repeat" : file.seed != nil ? "seed" : "kill_at"
                problems.append(document.problem(at: path + [AnyCodingKey(key)],
                                                 "`repeat`, `seed` and `kill_at` belong to cases with a `kill_during` step"))
            }
            return problems
        }
        let killCount = testCase.steps.filter { if case .killDuring = $0 { return true } else { return false } }.count
        if killCount > 1 {
            problems.append(document.problem(at: path + [AnyCodingKey("steps")],
                                             "a case kills one call part-way: split the \(killCount) `kill_during` steps into cases of their own"))
        }
        let repetitions = file.repetitions ?? 20
        if !(1...500).contains(repetitions) {
            problems.append(document.problem(at: path + [AnyCodingKey("repeat")], "repeat between 1 and 500 times"))
        }
        testCase.crash = CrashPlan(repetitions: repetitions, seed: file.seed ?? 1)
        switch file.killAt {
        case nil, "time": break
        case "changes": testCase.crash?.atEachFileChange = true
        case let other?:
            problems.append(document.problem(at: path + [AnyCodingKey("kill_at")],
                                             "kill_at is `changes` (before each change of a file) or `time` (at seeded moments), not '\(other)'"))
        }
        // After the kill the data is either old or new: only literal expectations can say which are fine.
        for (index, step) in testCase.steps.enumerated() where index > killIndex {
            if case .call(let call) = step, call.expectation == .reference {
                problems.append(document.problem(
                    at: path + [AnyCodingKey("steps"), AnyCodingKey(index)],
                    "a call after `kill_during` needs `expect`, `expect_one_of` or `expect_error`: the reference's result depends on when the kill came"))
            }
        }
        for (index, assertion) in testCase.container.enumerated() where assertion.comparesWithReference {
            problems.append(document.problem(at: path + [AnyCodingKey("container"), AnyCodingKey(index)],
                                             "after a `kill_during` step, state the expected content with `equals`"))
        }
        return problems
    }

    /// Reads a case's `timeout: 10x` and `timeout_floor`; returns the problems found.
    private func timeLimit(for testCase: inout TestCase, file: CaseFile, path: [CodingKey],
                           document: YAMLDocument) -> [CourseProblem] {
        guard let text = file.timeout?.trimmingCharacters(in: .whitespaces) else {
            if file.timeoutFloor != nil {
                return [document.problem(at: path + [AnyCodingKey("timeout_floor")], "`timeout_floor` goes with a relative `timeout`, such as 10x")]
            }
            return []
        }
        guard text.hasSuffix("x"), let factor = ByteCount.decimal(text.dropLast().trimmingCharacters(in: .whitespaces)) else {
            return [document.problem(at: path + [AnyCodingKey("timeout")],
                                     "'\(text)' is not a relative time limit; write it like 10x (ten times the reference's time for each call)")]
        }
        if let message = FieldBounds.timeoutFactor.problem(factor, written: text) {
            return [document.problem(at: path + [AnyCodingKey("timeout")], message)]
        }
        if testCase.crash != nil {
            return [document.problem(at: path + [AnyCodingKey("timeout")], "a case with `kill_during` times its calls itself; leave `timeout` out")]
        }
        testCase.timeLimit = RelativeTimeLimit(factor: factor, floor: file.timeoutFloor?.seconds ?? RelativeTimeLimit.defaultFloor)
        return []
    }

    private func makeAssertion(_ file: ContainerAssertionFile) -> Result<ContainerAssertion, CallProblem> {
        let components = file.path.split(separator: "/", omittingEmptySubsequences: false)
        if file.path.isEmpty || file.path.hasPrefix("/") || components.contains("..") || components.contains("") && file.path != "."
            || NameRules.lineProblem(file.path) != nil {
            return .failure(CallProblem(field: "path", message: "write a path inside the container, such as Documents/notes.json"))
        }
        if file.size != nil, file.kind == .absent || file.kind == .directory {
            return .failure(CallProblem(field: "size", message: "only files have a size"))
        }
        if let min = file.size?.min?.bytes, let max = file.size?.max?.bytes, min > max {
            return .failure(CallProblem(field: "size", message: "`min` (\(min) bytes) is larger than `max` (\(max) bytes)"))
        }
        if file.equals != nil, file.kind == .absent {
            return .failure(CallProblem(field: "equals", message: "nothing to compare: the path must not exist"))
        }
        if file.kind == .file, let equals = file.equals, equals.stringValue == nil {
            return .failure(CallProblem(field: "equals", message: "a file's `equals` is its text, a string"))
        }
        if file.kind == .directory, let equals = file.equals, !Self.isListOfStrings(equals) {
            return .failure(CallProblem(field: "equals", message: "a folder's `equals` is its list of names (folders end in /)"))
        }
        if file.kind != .sqlite, file.query != nil || file.userVersion != nil {
            return .failure(CallProblem(field: file.query != nil ? "query" : "user_version",
                                        message: "only a SQLite database (`is: sqlite`) has a query or a user_version"))
        }
        if file.kind == .sqlite, let equals = file.equals {
            if file.query == nil {
                return .failure(CallProblem(field: "equals", message: "a database's `equals` is the rows of its `query`; add the query"))
            }
            guard case .array(let rows) = equals, rows.allSatisfy({ if case .array = $0 { return true } else { return false } }) else {
                return .failure(CallProblem(field: "equals", message: "a query's rows are a list of lists, one value per column: [[Ada, 36], [Alan, 41]]"))
            }
        }
        if let query = file.query, query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return .failure(CallProblem(field: "query", message: "write a read-only query, such as SELECT name FROM people ORDER BY id"))
        }
        if let tolerance = file.tolerance, tolerance < 0 {
            return .failure(CallProblem(field: "tolerance", message: "a tolerance cannot be negative"))
        }
        let options = ComparisonOptions(tolerance: file.tolerance ?? ComparisonOptions.standard.tolerance,
                                        unordered: file.unordered ?? false,
                                        numberTypes: file.typedNumbers ?? false)
        return .success(ContainerAssertion(path: file.path, kind: file.kind, equals: file.equals,
                                           minSize: file.size?.min?.bytes, maxSize: file.size?.max?.bytes, options: options,
                                           query: file.query, userVersion: file.userVersion))
    }

    private static func isListOfStrings(_ value: JSONValue) -> Bool {
        guard case .array(let items) = value else { return false }
        return items.allSatisfy { $0.stringValue != nil }
    }

    private struct CallProblem: Error {
        var field: String
        var message: String
    }

    private func makeCall(_ file: CallFile) -> Result<Call, CallProblem> {
        var expectation = Expectation.reference
        if file.hasExpect {
            expectation = .value(file.expect ?? .null)
        } else if let values = file.expectOneOf {
            guard !values.isEmpty else {
                return .failure(CallProblem(field: "expect_one_of", message: "list at least one value"))
            }
            expectation = .oneOf(values)
        } else if let error = file.expectError {
            let pattern: ErrorPattern
            if let text = error.text {
                let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
                pattern = ErrorPattern(type: parts.first ?? "", case: parts.count > 1 ? parts[1] : nil)
            } else {
                pattern = ErrorPattern(type: error.type ?? "", case: error.case, codingPath: error.path,
                                       values: error.hasValue ? (error.value ?? .null) : nil,
                                       code: error.code, message: error.message)
            }
            // One rule for both forms: a type name, and a case (if any) apart from it.
            if pattern.type.first?.isLetter != true || pattern.type.contains(".") || pattern.case?.isEmpty == true {
                return .failure(CallProblem(field: "expect_error", message: error.text != nil
                    ? "write the error as Type or Type.case, such as DecodingError.keyNotFound"
                    : "write the type and the case apart: {type: ContactsError, case: notFound, value: 7}"))
            }
            expectation = .error(pattern)
        }
        if let tolerance = file.tolerance, tolerance < 0 {
            return .failure(CallProblem(field: "tolerance", message: "a tolerance cannot be negative"))
        }
        let options = ComparisonOptions(tolerance: file.tolerance ?? ComparisonOptions.standard.tolerance,
                                        unordered: file.unordered ?? false,
                                        errorDetails: file.errorDetails ?? false)
        return .success(Call(operation: file.call, arguments: file.args, expectation: expectation,
                             stdout: file.stdout, options: options))
    }

    private func learnerFiles(in directory: URL, displayPath: String) -> ([String], [CourseProblem]) {
        let fm = FileManager.default
        let reference = directory.appendingPathComponent("Reference")
        let names = ((try? fm.contentsOfDirectory(atPath: reference.path)) ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        var problems: [CourseProblem] = []
        if names.isEmpty {
            problems.append(CourseProblem(file: "\(displayPath)/Reference",
                                          message: "no reference implementation: add the reference's .swift files here"))
        }
        return (names, problems + statementAndStarterProblems(names, in: directory, displayPath: displayPath))
    }

    /// A handout's exercise has no `Reference/`: its learner files are those `handout.json` lists.
    private func handoutLearnerFiles(_ entry: HandoutManifest.Entry?, in directory: URL, displayPath: String)
        -> ([String], [CourseProblem])
    {
        guard let entry else {
            return ([], [CourseProblem(file: HandoutManifest.fileName,
                                       message: "lists no exercise \(displayPath): ask your instructor for a fresh copy of the handout")])
        }
        return (entry.learnerFiles, statementAndStarterProblems(entry.learnerFiles, in: directory, displayPath: displayPath))
    }

    /// A missing driver, statement or starter file.
    private func statementAndStarterProblems(_ names: [String], in directory: URL, displayPath: String) -> [CourseProblem] {
        let fm = FileManager.default
        var problems: [CourseProblem] = []
        if !fm.fileExists(atPath: directory.appendingPathComponent("Driver.swift").path) {
            problems.append(CourseProblem(file: "\(displayPath)/Driver.swift", message: "missing: every exercise needs a driver"))
        }
        if !fm.fileExists(atPath: directory.appendingPathComponent("README.md").path) {
            problems.append(CourseProblem(file: "\(displayPath)/README.md", message: "missing: the statement shown to the learner"))
        }
        for name in names where !fm.fileExists(atPath: directory.appendingPathComponent(name).path) {
            problems.append(CourseProblem(file: "\(displayPath)/\(name)",
                                          message: "missing: the starter file for Reference/\(name)"))
        }
        return problems
    }

    /// A problem for each symbolic link at or below `folder` (see ``BundleResources/files(below:)``).
    static func linkProblems(below folder: URL, displayPath: String) -> [CourseProblem] {
        BundleResources.links(below: folder).map { link in
            CourseProblem(file: link.isEmpty ? displayPath : "\(displayPath)/\(link)",
                          message: "a symbolic link; put the file itself here (a link in Resources/ could reach outside the course, and is never put in an app bundle)")
        }
    }
}
