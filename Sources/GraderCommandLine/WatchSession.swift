import Foundation
import GraderCore

/// `grader watch`: checks one exercise, then again each time its learner files change, and
/// answers keys (h hint, n next exercise, l list, q quit); when the exercise passes, moves on to
/// the next one not passed. Everything happens on the thread that called ``run()``, one event at
/// a time: file changes, keys and finished checks are posted to it by their own threads.
package final class WatchSession: @unchecked Sendable {
    /// How long a passing result stays on screen before the next exercise comes.
    static let pauseAfterPass: TimeInterval = 2

    /// What a check is about: an exercise, as its learner files were when the check was asked for.
    struct Subject: Equatable {
        var id: String
        var contents: [String: String?]
        /// The SHA-256 of each learner file by name, as `progress.json` records them.
        var files: [String: String]
    }

    private enum Event {
        case filesChanged(generation: Int)
        case key(KeyReader.Event)
        case checked(Subject, Result<[ExerciseResult], Error>)
        case advance(pause: Int)
    }

    private let workspace: Workspace
    private let options: GraderOptions
    private let environment: [String: String]
    private let display: WatchDisplay

    private var current: CourseManifest.ExerciseEntry
    private var watcher: FileWatcher?
    /// Counts the exercises watched, so that file changes of an earlier one are ignored.
    private var generation = 0
    /// Counts the pauses after a pass, so that only the last one's end moves on.
    private var pauses = 0
    private var checks = CheckQueue<Subject>()
    private var screen = WatchScreen(header: "")
    /// The last result of the exercise watched, as shown.
    private var result: [String] = []
    /// The exercise moved on to after the pause, when the exercise watched has just passed.
    private var advancing: CourseManifest.ExerciseEntry?

    private let events = NSCondition()
    private var queued: [Event] = []

    /// - Parameters:
    ///   - start: the exercise watched first.
    ///   - display: where screens are drawn. Keys are single keys when standard input is a terminal.
    package init(workspace: Workspace, start: CourseManifest.ExerciseEntry, options: GraderOptions,
                 display: WatchDisplay, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.workspace = workspace
        self.options = options
        self.display = display
        self.environment = environment
        current = start
    }

    /// Watches until the learner quits (q, or the end of standard input).
    /// - Returns: the exit status, 0.
    package func run() -> Int32 {
        let keyboard = KeyboardMode()
        _ = KeyReader(singleKeys: keyboard != nil) { [self] in post(.key($0)) }
        watch(current)
        while true {
            if let status = handle(nextEvent()) {
                watcher?.stop()
                keyboard?.restore()
                display.finish()
                return status
            }
        }
    }

    // MARK: Events

    private func post(_ event: Event) {
        events.lock()
        queued.append(event)
        events.signal()
        events.unlock()
    }

    private func nextEvent() -> Event {
        events.lock()
        defer { events.unlock() }
        while queued.isEmpty { events.wait() }
        return queued.removeFirst()
    }

    /// Handles one event; returns the exit status when the session ends.
    private func handle(_ event: Event) -> Int32? {
        switch event {
        case .key(.endOfInput), .key(.key("q")):
            return 0
        case .key(let key):
            press(key)
        case .filesChanged(let generation) where generation == self.generation:
            request(force: false)
        case .filesChanged:
            break
        case .checked(let subject, let outcome):
            checked(subject, outcome)
        case .advance(let pause) where pause == pauses:
            // Not while the exercise is checked again: its new result decides.
            if let next = advancing, checks.running?.id != current.id { watch(next) }
        case .advance:
            break
        }
        return nil
    }

    private func press(_ key: KeyReader.Event) {
        guard case .key(let character) = key else { return }
        switch character {
        case "h":
            advancing = nil
            showHint()
        case "n":
            if let next = order().next(after: current.id) {
                watch(next)
            } else {
                show(result + (result.isEmpty ? [] : [""]) + ["\(current.shortName) is the last exercise of the course."])
            }
        case "l":
            advancing = nil
            showList()
        default:
            // Any other key: on at once after a pass, else back to the result.
            if let next = advancing { watch(next) } else { show(result) }
        }
    }

    // MARK: Exercises and checks

    private var exercise: Exercise? { workspace.course.exercises.first { $0.id == current.id } }

    /// Starts watching `entry` and checks it.
    private func watch(_ entry: CourseManifest.ExerciseEntry) {
        watcher?.stop()
        watcher = nil
        generation += 1
        current = entry
        advancing = nil
        result = []
        screen.body = []
        guard let exercise else {
            // Listed in grader.yml but not loaded: why, and the way on.
            screen.header = "\(entry.displayPath) does not load"
            let problems = workspace.problems(concerning: [entry.displayPath])
                + workspace.manifest.missingExercises.filter { $0.entry == entry }.map(\.problem)
            result = problems.map(\.description) + ["", "These are problems of the course's files. Press n for the next exercise."]
            show(result)
            return
        }
        let generation = generation
        let watcher = FileWatcher(files: exercise.learnerSources, environment: environment) { [self] in
            post(.filesChanged(generation: generation))
        }
        self.watcher = watcher
        screen.header = WatchScreen.header(watching: exercise.learnerFiles.map { "\(exercise.displayPath)/\($0)" },
                                           mechanism: watcher.mechanism)
        request(force: true)
    }

    /// Asks for a check of the exercise watched (see ``CheckQueue``).
    private func request(force: Bool) {
        guard let exercise else { return }
        let subject = Subject(id: exercise.id, contents: FileFingerprint(files: exercise.learnerSources).contents,
                              files: CourseProgress.fileHashes(of: exercise))
        if let start = checks.request(subject, force: force) { check(start) }
        // What is on screen (a result, hints, the list) stays until the check's result replaces it.
        display.show(screen)
    }

    private func check(_ subject: Subject) {
        guard let exercise = workspace.course.exercises.first(where: { $0.id == subject.id }) else { return }
        screen.status = "checking \(exercise.shortName)…"
        let grader = workspace.grader(options)
        DispatchQueue.global().async { [self] in
            post(.checked(subject, Result { try grader.grade([exercise]) }))
        }
    }

    private func checked(_ subject: Subject, _ outcome: Result<[ExerciseResult], Error>) {
        screen.status = nil
        if let next = checks.finish() { check(next) }
        switch outcome {
        case .success(let results):
            // Recorded with the files as they were when the check was asked for (the subject's).
            _ = try? CourseProgress.update(root: workspace.manifest.root) { $0.record(results, files: [subject.id: subject.files]) }
            guard subject.id == current.id, let graded = results.first else { break }
            advancing = nil
            result = WatchScreen.result(graded, limits: workspace.unenforcedLimits, style: display.style)
                + changedFileWarnings()
            if graded.status == .passed, screen.status == nil { moveOn(after: graded) }
        case .failure(let error):
            guard subject.id == current.id else { break }
            result = ["error: \(error)"]
        }
        show(result)
    }

    /// After a pass: the next exercise not passed comes after a pause, or the course is done.
    private func moveOn(after graded: ExerciseResult) {
        let order = order()
        guard let next = order.nextNotDone(after: graded.id) else {
            result += ["", display.style.green("Every exercise passes: the course is done!") + " Press q to quit."]
            return
        }
        advancing = next
        result += ["", display.style.green("\(current.shortName) passes.")
                   + " Next: \(next.shortName), in \(Int(Self.pauseAfterPass)) s (Enter: now)."]
        pauses += 1
        let pause = pauses
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.pauseAfterPass) { [self] in
            post(.advance(pause: pause))
        }
    }

    /// In a student handout, an edited case file or driver (as `grader check` warns).
    private func changedFileWarnings() -> [String] {
        guard let exercise, let changed = workspace.handout?.changedFiles(of: [exercise]), !changed.isEmpty else { return [] }
        return [""] + changed.map {
            display.style.yellow("warning: \($0.path) is not the file handed out; restore it to be graded on the cases handed out.")
        }
    }

    /// The course's order, with what `progress.json` says is done and skipped now.
    private func order() -> ExerciseOrder {
        ExerciseOrder(manifest: workspace.manifest, loaded: workspace.course.exercises,
                      progress: (try? CourseProgress.load(root: workspace.manifest.root)) ?? CourseProgress())
    }

    // MARK: Screens

    private func show(_ body: [String]) {
        screen.body = body
        display.show(screen)
    }

    private func showHint() {
        guard let exercise else { return }
        let shown = exercise.hints.isEmpty
            ? 0 : (try? CourseProgress.update(root: workspace.manifest.root) { $0.revealHint(exercise.id, available: exercise.hints.count) }) ?? 1
        let hints = CourseListReport(style: display.style).renderHints(exercise, shown: shown, next: "press h again")
        show(result + [""] + hints.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
    }

    private func showList() {
        let loaded = CourseLoader().load(workspace.manifest)
        let list = CourseListReport(style: display.style)
            .render(workspace.manifest, loaded: loaded, states: ((try? CourseProgress.load(root: workspace.manifest.root)) ?? CourseProgress())
                .states(of: loaded.course.exercises))
        show(list.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
             + ["", "(Enter: back to \(current.shortName))"])
    }
}
