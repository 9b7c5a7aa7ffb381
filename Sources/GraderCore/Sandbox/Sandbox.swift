import ExerciseKit
import Foundation

/// How an exercise binary is started: inside a bubblewrap namespace sandbox that shows it only
/// its app bundle (read-only), its data container (as its home) and the system's libraries.
///
/// Foundation on Linux takes the home folder from the password database, not from `HOME`, so
/// the sandbox carries its own `/etc/passwd` whose only user has the container as home. Then
/// `NSHomeDirectory()`, the `.documentDirectory` URL, `UserDefaults.standard` (through
/// `XDG_CONFIG_HOME`), `.cachesDirectory` (`XDG_CACHE_HOME`), `NSTemporaryDirectory()`
/// (`TMPDIR`) and `Bundle.main` (the executable's folder) all land where an iOS app finds them,
/// with nothing the learner has to call differently.
///
/// Every launch gets fresh user, PID, network, IPC and UTS namespaces, and can make none of its
/// own: killing the sandbox ends every process the learner started, and there is no network. Its root and `/dev` are
/// read-only; `/tmp` is a tmpfs of the launch's `tmp_size`. Where cgroups can be had
/// (``ResourceControl``), the launch runs in a cgroup of its own that bounds its processes,
/// memory and CPU share: a shell joins it and then becomes bubblewrap, so that nothing the
/// launch starts is ever outside it.
public struct Sandbox: Sendable {
    /// The container's path inside the sandbox, as an iOS app's home looks.
    public static let homePath = "/var/mobile/Containers/Data/Application/App"
    /// The bundle's path inside the sandbox.
    public static let bundlePath = "/var/containers/Bundle/Application/App/App.app"

    var bwrap: String
    var prlimit: String
    /// This run's own folder: password files, containers, staged bundles.
    let folder: SandboxFolder
    var readOnlyPaths: [String]
    /// The toolchain's runtime libraries, shown again at ``RuntimeLinkage/sandboxLibraries`` for
    /// the reference binaries of a student handout.
    var runtimeLibraries: String?
    /// The cgroups this machine gives each launch.
    var resources: ResourceControl
    /// No user namespace can be made inside the sandbox (bubblewrap 0.8's `--disable-userns`),
    /// so the app cannot mount: bind its container under another path, say, where the launch
    /// server's watch of its file changes would not see it. False where bubblewrap is older.
    var disablesUserNamespaces = true

    /// The limits this machine does not enforce, and why (every report lists them).
    public var unenforcedLimits: [UnenforcedLimit] { resources.unenforced }

    /// Prepares the sandbox: finds bubblewrap, writes the password and group files, finds the
    /// cgroups it can use, and checks that a sandboxed process can start.
    /// - Throws: ``GraderError/noSandbox(_:)`` with the reason when bubblewrap cannot run.
    public static func prepare(toolchain: Toolchain,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Sandbox {
        // Without prlimit the memory, CPU and file-size limits would silently not apply.
        guard let prlimit = Toolchain.findOnPath("prlimit", environment: environment) else {
            throw GraderError.noSandbox("prlimit (util-linux), which applies the memory, CPU and file-size limits, is not installed")
        }
        guard let bwrap = Toolchain.findOnPath("bwrap", environment: environment) else {
            throw GraderError.noSandbox("bubblewrap (bwrap) is not installed")
        }
        let folder = try SandboxFolder()
        let passwd = "root:x:0:0:root:/root:/bin/sh\nmobile:x:501:501:Mobile User:\(homePath):/bin/sh\n"
        let group = "root:x:0:\nmobile:x:501:\n"
        do {
            try passwd.write(to: folder.directory.appendingPathComponent("passwd"), atomically: true, encoding: .utf8)
            try group.write(to: folder.directory.appendingPathComponent("group"), atomically: true, encoding: .utf8)
        } catch {
            throw GraderError.io("cannot write the sandbox's files in \(folder.directory.path): \(error.localizedDescription)")
        }
        var sandbox = Sandbox(bwrap: bwrap.path, prlimit: prlimit.path, folder: folder,
                              readOnlyPaths: toolchain.runtimeLibraryDirectories.map(\.path).filter { !$0.hasPrefix("/usr/") },
                              resources: ResourceControl.detect(environment: environment))
        sandbox.runtimeLibraries = toolchain.runtimeLibraryDirectories.first?.path
        try sandbox.selfTest()
        return sandbox
    }

    /// A shell that moves itself into the launch's cgroup (writing `0`, itself, in each file before
    /// `--`), then becomes the command after it: everything bubblewrap starts is born there.
    /// Exit status 125 when it cannot join.
    static let joinScript = #"while [ "$1" != -- ]; do echo 0 > "$1" || { echo "grader: cannot join the launch's cgroup ($1)" >&2; exit 125; }; shift; done; shift; exec "$@""#

    /// The command line and environment that start `bundle`'s executable on `container`.
    /// - Parameters:
    ///   - countsFileChanges: with `launchServer`, the server watches each launch's changes
    ///     to its container (for a case that kills its app at each change of its files).
    ///   - group: the launch's cgroup, joined before bubblewrap starts.
    ///   - launchServer: start the binary waiting for launches as the sandbox's PID 1
    ///     (``LaunchServer``), its control socket on ``LaunchServer/controlFD``.
    ///   - hashingSeed: the launch's hashing seed (16 bytes, given as 32 hexadecimal digits); nil for a random one.
    func command(bundle: URL, container: AppContainer, limits: Limits, defaultsSuites: [String],
                 environment phone: PhoneEnvironment = .neutral, countsFileChanges: Bool = false,
                 group: LaunchGroup? = nil, launchServer: Bool = false, hashingSeed: [UInt8]? = nil)
        -> (executable: String, arguments: [String], environment: [String: String])
    {
        let home = Self.homePath
        let executable = "\(Self.bundlePath)/\(AppBundle.executableName)"
        var environment: [String: String] = [
            "HOME": home,
            "XDG_CONFIG_HOME": "\(home)/Library/Preferences",
            "XDG_CACHE_HOME": "\(home)/Library/Caches",
            "XDG_DATA_HOME": "\(home)/Library/Application Support",
            "TMPDIR": "\(home)/tmp/",
            "PATH": "/usr/bin:/bin",
            "LANG": phone.locale,
            "TZ": phone.timeZone,
            "SWIFT_BACKTRACE": "enable=no",
            "MALLOC_ARENA_MAX": "2",
            WireProtocol.requestFDVariable: String(WireProtocol.requestFD),
            WireProtocol.replyFDVariable: String(WireProtocol.replyFD),
        ]
        if launchServer {
            environment[LaunchServer.controlFDVariable] = String(LaunchServer.controlFD)
            // Every symbol bound once in the server rather than on first use in every launch
            // (Benchmarks/README.md); a launch does not see the variable.
            environment["LD_BIND_NOW"] = "1"
            if countsFileChanges { environment[LaunchServer.watchChangesVariable] = "1" }
        }
        if !defaultsSuites.isEmpty {
            environment[WireProtocol.suitesVariable] = defaultsSuites.joined(separator: ",")
        }
        if let hashingSeed { environment[HashingSeed.variable] = hashingSeed.map { String(format: "%02x", $0) }.joined() }
        var inner = [prlimit,
                     "--as=\(limits.memoryBytes)",
                     "--fsize=\(limits.fileSizeBytes)",
                     "--nofile=256",
                     "--core=0",
                     // SIGXCPU at the limit (named in reports); SIGKILL a second later for a
                     // process that ignores it.
                     "--cpu=\(Int(limits.cpuSeconds.rounded(.up))):\(Int(limits.cpuSeconds.rounded(.up)) + 1)"]
        if group?.directories[.pids] == nil, resources.processLimitByRlimit { inner.append("--nproc=\(limits.processes)") }
        inner += ["--", executable]
        var arguments = baseArguments()
        // No reaper of bubblewrap's: the server is PID 1, which nothing inside can signal.
        if launchServer { arguments.append("--as-pid-1") }
        arguments += [
            "--proc", "/proc", "--dev", "/dev", "--remount-ro", "/dev",
            "--size", String(limits.tmpBytes), "--tmpfs", "/tmp",
            "--ro-bind", folder.directory.appendingPathComponent("passwd").path, "/etc/passwd",
            "--ro-bind", folder.directory.appendingPathComponent("group").path, "/etc/group",
            "--bind", container.directory.path, Self.homePath,
            "--ro-bind", bundle.path, Self.bundlePath,
        ]
        // Last of the mounts: nothing but the container and /tmp can be written.
        arguments += ["--remount-ro", "/", "--chdir", Self.homePath, "--clearenv"]
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) {
            arguments += ["--setenv", key, value]
        }
        arguments += inner
        guard let group else { return (bwrap, arguments, [:]) }
        return ("/bin/sh", ["-c", Self.joinScript, "sh"] + group.joinFiles + ["--", bwrap] + arguments, [:])
    }

    /// New namespaces, and the system's files read-only: what every launch and the self-test share.
    private func baseArguments() -> [String] {
        var arguments = [
            "--unshare-all", "--die-with-parent", "--new-session",
            "--uid", "501", "--gid", "501", "--hostname", "iPhone",
            "--ro-bind", "/usr", "/usr",
        ]
        if disablesUserNamespaces { arguments += ["--unshare-user", "--disable-userns"] }
        for top in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: top) else {
                if FileManager.default.fileExists(atPath: top) { arguments += ["--ro-bind", top, top] }
                continue
            }
            arguments += ["--symlink", target, top]
        }
        for path in readOnlyPaths { arguments += ["--ro-bind", path, path] }
        if let runtimeLibraries { arguments += ["--ro-bind", runtimeLibraries, RuntimeLinkage.sandboxLibraries] }
        return arguments
    }

    /// Starts `/usr/bin/true` in the sandbox to turn a machine that cannot run it into one
    /// clear error instead of a failure in every case; then in a launch's cgroup, and when that
    /// fails, goes on without cgroups, saying why in every report.
    private mutating func selfTest() throws {
        var arguments = baseArguments() + ["--proc", "/proc", "--dev", "/dev", "/usr/bin/true"]
        var run = try ChildProcess.run(bwrap, arguments, environment: [:], timeLimit: 10)
        if run.termination != .exited(0), run.output.contains("disable-userns") {
            // A bubblewrap before 0.8: the sandbox still holds, with nested namespaces allowed.
            disablesUserNamespaces = false
            arguments = baseArguments() + ["--proc", "/proc", "--dev", "/dev", "/usr/bin/true"]
            run = try ChildProcess.run(bwrap, arguments, environment: [:], timeLimit: 10)
        }
        let ended = run.termination
        guard ended == .exited(0) else {
            let error = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
            throw GraderError.noSandbox("bubblewrap failed to start a process (\(error.isEmpty ? "\(String(describing: ended))" : error)); it needs unprivileged user namespaces")
        }
        do {
            guard let group = try resources.makeGroup(limits: .standard) else { return }
            let joined = try ChildProcess.run("/bin/sh", ["-c", Self.joinScript, "sh"] + group.joinFiles + ["--", bwrap] + arguments,
                                              environment: [:], timeLimit: 10)
            group.remove()
            if joined.termination != .exited(0) {
                throw GraderError.io(joined.output.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        } catch {
            resources = .none(reason: "a launch could not join its cgroup (\(error))")
        }
    }
}
