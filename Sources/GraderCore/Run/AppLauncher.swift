import Foundation

/// Starts app binaries in the sandbox on a container, and turns how a launch ended into a
/// ``StepEvent``: the one place that applies a launch's time limit, output cap, resource limits
/// and exit rules, for exercises (through ``AppSession``) and lesson programs alike.
struct AppLauncher: Sendable {
    let sandbox: Sandbox
    /// How an exercise's launches start: forked from a binary waiting in a sandbox kept between cases
    /// (``AppServer``), or each exec'd in a sandbox of its own.
    var mode: LaunchMode = .fork

    /// A started app and the cgroup that bounds it: ending the launch ends both (the group
    /// only when it is the launch's own).
    final class Launch {
        let process: ChildProcess
        let group: LaunchGroup?
        /// The server that forked the launch, when it watches its file changes.
        let changeWatch: AppServer?
        /// The server that forked the launch, when it is the launch's alone (ended with it).
        private let ownServer: AppServer?
        /// The group's counts when the launch started, when the group is a case's (shared by
        /// its launches one after the other).
        private let baseline: LaunchGroup.Counts?

        init(process: ChildProcess, group: LaunchGroup?) {
            self.process = process
            self.group = group
            baseline = nil
            changeWatch = nil
            ownServer = nil
        }

        /// A launch forked by `server`, in the case's group.
        /// - Parameter owned: the server was started for this launch alone, and ends with it.
        init(forkedBy server: AppServer, hashingSeed: [UInt8] = [], language: String? = nil, owned: Bool = false) throws {
            baseline = owned ? nil : server.group?.counts()
            changeWatch = server.watchesChanges ? server : nil
            ownServer = owned ? server : nil
            do {
                process = try ChildProcess(launchedBy: server, hashingSeed: hashingSeed, language: language)
            } catch {
                if owned { server.end() }
                throw error
            }
            group = owned ? nil : server.group
        }

        deinit { end() }

        /// The limit the launch reached so far, if any (``LaunchGroup/breach(limits:since:)``).
        func breach(limits: Limits) -> LimitBreach? {
            (group ?? ownServer?.group)?.breach(limits: limits, since: baseline ?? LaunchGroup.Counts())
        }

        /// Kills what is left of the launch and removes its cgroup when it is its own (its
        /// server's, when the server was its own).
        func end() {
            process.kill()
            if baseline == nil { group?.remove() }
            ownServer?.end()
        }
    }

    /// Starts `bundle`'s executable on `container`, in a cgroup of its own where the machine has them.
    /// - Parameter protocolPipes: hand over the request and reply pipes (an exercise binary);
    ///   false for a program that only prints (a lesson).
    func launch(_ bundle: AppBundle, on container: AppContainer, limits: Limits, defaultsSuites: [String] = [],
                environment: PhoneEnvironment = .neutral,
                hashingSeed: [UInt8]? = nil, protocolPipes: Bool) throws -> Launch {
        let group = try sandbox.resources.makeGroup(limits: limits)
        let staged = try sandbox.folder.stage(bundle.directory, key: bundle.key)
        let command = sandbox.command(bundle: staged, container: container, limits: limits,
                                      defaultsSuites: defaultsSuites, environment: environment,
                                      group: group, hashingSeed: hashingSeed)
        let process = try ChildProcess(executable: command.executable, arguments: command.arguments,
                                       environment: command.environment, protocolPipes: protocolPipes, ownProcessGroup: true)
        return Launch(process: process, group: group)
    }

    /// Starts a server of `bundle`'s launches on `container` (``AppServer``), in a cgroup of its own.
    func server(_ bundle: AppBundle, on container: AppContainer, limits: Limits, defaultsSuites: [String],
                environment: PhoneEnvironment, countsFileChanges: Bool) throws -> AppServer {
        try AppServer(sandbox: sandbox, bundle: bundle, container: container, limits: limits,
                      defaultsSuites: defaultsSuites, environment: environment, countsFileChanges: countsFileChanges)
    }

    /// What a program printed and how it ended, when it runs to its end by itself.
    struct ProgramRun {
        var event: StepEvent
        var stdout: String
        var stderr: String
    }

    /// Runs a program that speaks no protocol to its end, within the launch's limits.
    func run(_ bundle: AppBundle, on container: AppContainer, limits: Limits) throws -> ProgramRun {
        let launch = try self.launch(bundle, on: container, limits: limits, protocolPipes: false)
        let process = launch.process
        let waited = process.nextReply(deadline: Date().addingTimeInterval(limits.timeLimit), outputLimit: limits.outputBytes)
        let breach = launch.breach(limits: limits)
        var event = limitBreach(waited, of: process, limits: limits) ?? Self.event(for: exit(of: process, within: 5), limits: limits)
        if let breach, event != .exited(code: 0), event != .outputLimit(bytes: limits.outputBytes) { event = .limitExceeded(breach) }
        let output = process.takeOutput()
        launch.end()
        return ProgramRun(event: event, stdout: String(decoding: output.stdout, as: UTF8.self),
                          stderr: String(decoding: output.stderr, as: UTF8.self))
    }

    /// When a wait for `process` ran out of time or past the output cap: ends the process and
    /// says which limit it broke. Nil when the wait ended otherwise.
    func limitBreach(_ waited: ChildProcess.Event, of process: ChildProcess, limits: Limits) -> StepEvent? {
        switch waited {
        case .timedOut:
            process.kill()
            return .timedOut(seconds: limits.timeLimit)
        case .outputLimit:
            process.kill()
            return .outputLimit(bytes: limits.outputBytes)
        case .reply, .ended:
            return nil
        }
    }

    /// How `process` ended, waiting `seconds` for it before killing it.
    func exit(of process: ChildProcess, within seconds: Double) -> Termination {
        process.waitForExit(deadline: Date().addingTimeInterval(seconds)) ?? {
            process.kill()
            return process.termination ?? .signaled(9)
        }()
    }

    static func event(for termination: Termination) -> StepEvent {
        switch termination {
        // bubblewrap reports a child killed by signal N as exit status 128 + N.
        case .exited(let code) where code > 128 && code < 160: return .crashed(signal: code - 128)
        case .exited(let code): return .exited(code: code)
        case .signaled(let signal): return .crashed(signal: signal)
        }
    }

    /// The event for `termination`, with the signals the kernel sends for a limit named as
    /// that limit: SIGXCPU for CPU time, SIGXFSZ for a file's size.
    static func event(for termination: Termination, limits: Limits) -> StepEvent {
        switch event(for: termination) {
        case .crashed(signal: SIGXCPU): return .limitExceeded(.cpuTime(seconds: limits.cpuSeconds.rounded(.up)))
        case .crashed(signal: SIGXFSZ): return .limitExceeded(.fileSize(bytes: limits.fileSizeBytes))
        case let other: return other
        }
    }
}

/// How an exercise binary's launches start (`--launch`).
public enum LaunchMode: String, Sendable, CaseIterable {
    /// Forked from a binary waiting in a sandbox kept between case runs: a relaunch costs a fork.
    case fork
    /// Each launch exec'd in a new sandbox: the way a check can be compared with.
    case exec
}
