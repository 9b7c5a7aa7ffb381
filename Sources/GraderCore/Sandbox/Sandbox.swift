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
/// Every launch gets fresh user, PID, network, IPC and UTS namespaces: killing the sandbox
/// ends every process the learner started, and there is no network.
public struct Sandbox: Sendable {
    /// The container's path inside the sandbox, as an iOS app's home looks.
    public static let homePath = "/var/mobile/Containers/Data/Application/App"
    /// The bundle's path inside the sandbox.
    public static let bundlePath = "/var/containers/Bundle/Application/App/App.app"

    var bwrap: String
    var prlimit: String
    var etcDirectory: URL
    var readOnlyPaths: [String]
    /// The file-change counter (``FileChangeShim``), when a C compiler could build it.
    var fileChangeShim: URL?

    /// Prepares the sandbox: finds bubblewrap, writes the password and group files, and checks
    /// that a sandboxed process can start.
    /// - Throws: ``GraderError/noSandbox(_:)`` with the reason when bubblewrap cannot run.
    public static func prepare(workDirectory: URL, toolchain: Toolchain) throws -> Sandbox {
        let environment = ProcessInfo.processInfo.environment
        let etc = workDirectory.appendingPathComponent("etc")
        try? FileManager.default.createDirectory(at: etc, withIntermediateDirectories: true)
        // Without prlimit the memory, CPU and file-size limits would silently not apply.
        guard let prlimit = Toolchain.findOnPath("prlimit", environment: environment) else {
            throw GraderError.noSandbox("prlimit (util-linux), which applies the memory, CPU and file-size limits, is not installed")
        }
        var sandbox = Sandbox(bwrap: "", prlimit: prlimit.path,
                              etcDirectory: etc, readOnlyPaths: [])
        guard let bwrap = Toolchain.findOnPath("bwrap", environment: environment) else {
            throw GraderError.noSandbox("bubblewrap (bwrap) is not installed")
        }
        sandbox.bwrap = bwrap.path
        let passwd = "root:x:0:0:root:/root:/bin/sh\nmobile:x:501:501:Mobile User:\(homePath):/bin/sh\n"
        let group = "root:x:0:\nmobile:x:501:\n"
        do {
            try passwd.write(to: etc.appendingPathComponent("passwd"), atomically: true, encoding: .utf8)
            try group.write(to: etc.appendingPathComponent("group"), atomically: true, encoding: .utf8)
        } catch {
            throw GraderError.io("cannot write the sandbox's files in \(etc.path): \(error.localizedDescription)")
        }
        sandbox.readOnlyPaths = toolchain.runtimeLibraryDirectories.map(\.path).filter { !$0.hasPrefix("/usr/") }
        sandbox.fileChangeShim = try? FileChangeShim.build(toolchain: toolchain, directory: workDirectory)
        try sandbox.selfTest()
        return sandbox
    }

    /// The command line and environment that start `bundle`'s executable on `container`.
    /// - Parameter countsFileChanges: preload the file-change counter (for a case that kills its
    ///   app at each change of its files).
    func command(bundle: URL, container: AppContainer, limits: Limits, defaultsSuites: [String],
                 environment phone: PhoneEnvironment = .neutral, countsFileChanges: Bool = false)
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
        if !defaultsSuites.isEmpty {
            environment[WireProtocol.suitesVariable] = defaultsSuites.joined(separator: ",")
        }
        let inner = [prlimit,
                     "--as=\(limits.memoryBytes)",
                     "--fsize=\(limits.fileSizeBytes)",
                     "--nofile=256",
                     "--core=0",
                     "--cpu=\(Int(limits.timeLimit.rounded(.up)) + 1)",
                     "--", executable]
        var arguments = baseArguments()
        arguments += [
            "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp",
            "--ro-bind", etcDirectory.appendingPathComponent("passwd").path, "/etc/passwd",
            "--ro-bind", etcDirectory.appendingPathComponent("group").path, "/etc/group",
            "--bind", container.directory.path, Self.homePath,
            "--ro-bind", bundle.path, Self.bundlePath,
            "--chdir", Self.homePath,
            "--clearenv",
        ]
        if countsFileChanges, let shim = fileChangeShim {
            arguments += ["--ro-bind", shim.path, FileChangeShim.sandboxPath]
            environment["LD_PRELOAD"] = FileChangeShim.sandboxPath
        }
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) {
            arguments += ["--setenv", key, value]
        }
        arguments += inner
        return (bwrap, arguments, [:])
    }

    /// New namespaces, and the system's files read-only: what every launch and the self-test share.
    private func baseArguments() -> [String] {
        var arguments = [
            "--unshare-all", "--die-with-parent", "--new-session",
            "--uid", "501", "--gid", "501", "--hostname", "iPhone",
            "--ro-bind", "/usr", "/usr",
        ]
        for top in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: top) else {
                if FileManager.default.fileExists(atPath: top) { arguments += ["--ro-bind", top, top] }
                continue
            }
            arguments += ["--symlink", target, top]
        }
        for path in readOnlyPaths { arguments += ["--ro-bind", path, path] }
        return arguments
    }

    /// Starts `/usr/bin/true` in the sandbox to turn a machine that cannot run it into one
    /// clear error instead of a failure in every case.
    private func selfTest() throws {
        let arguments = baseArguments() + ["--proc", "/proc", "--dev", "/dev", "/usr/bin/true"]
        let run = try ChildProcess.run(bwrap, arguments, environment: [:], timeLimit: 10)
        let ended = run.termination
        guard ended == .exited(0) else {
            let error = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
            throw GraderError.noSandbox("bubblewrap failed to start a process (\(error.isEmpty ? "\(String(describing: ended))" : error)); it needs unprivileged user namespaces")
        }
    }
}
