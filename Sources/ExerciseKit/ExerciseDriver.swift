import Foundation

/// The entry point of an exercise binary: the instructor's `Driver.swift` conforms to it.
///
/// ```swift
/// import ExerciseKit
///
/// @main
/// enum CarSettingsDriver: ExerciseDriver {
///     static func register(_ app: inout Operations) {
///         app.on("load") { CarSettings.load() }
///         app.on("save") { (settings: CarSettings) in settings.save() }
///     }
/// }
/// ```
///
/// State that should live as long as the app process (an object the learner keeps in
/// memory) can be created in `register` and captured by the closures: a `relaunch` step
/// starts a new process, so that state is lost exactly as it is when iOS ends an app.
public protocol ExerciseDriver {
    /// Registers the operations that the exercise's cases call.
    static func register(_ app: inout Operations)
}

extension ExerciseDriver {
    /// Serves the grader's requests until it asks the process to terminate.
    public static func main() {
        // An exec'd launch's hashing seed, before anything builds a Set or a Dictionary.
        HashingSeed.applyFromEnvironment()
        // Started to wait for launches (``LaunchServer``): this returns in each forked launch.
        LaunchServer.serveIfAsked()
        // The launch's secret is read first: learner code runs only from `register` on.
        guard var runtime = DriverRuntime.connect() else { exit(64) }
        var operations = Operations()
        register(&operations)
        exit(runtime.run(operations))
    }
}
