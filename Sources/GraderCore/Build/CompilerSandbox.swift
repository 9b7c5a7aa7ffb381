import Foundation

/// How the compiler runs on a learner's files: in bubblewrap, with no network, seeing the
/// system's files, the toolchain and the runtime it links against read-only, the build's own
/// inputs read-only, and nothing else of the machine writable but the build's output folder and
/// the compiler's module cache. A batch builds each student's files from a folder of their own:
/// another student's folder, the course's references and cases are not there to be read.
///
/// Every path keeps its host name inside (compile errors and the module cache name them), and
/// the compiler gets a PID namespace of its own, so that its time limit ends the frontend, clang
/// and the linker it started, not only the driver.
struct CompilerSandbox: Sendable {
    var bwrap: String
    /// Folders the compiler reads: the toolchain, the runtime's build folder, module maps.
    var readOnly: [String]

    /// The folders a build with `toolchain` reads, besides its inputs.
    static func readOnlyFolders(for toolchain: Toolchain) -> [String] {
        let compiler = toolchain.swiftc.resolvingSymlinksInPath()
        var folders = [compiler.deletingLastPathComponent().deletingLastPathComponent().path,
                       toolchain.swiftc.deletingLastPathComponent().path,
                       toolchain.modulesDirectory.deletingLastPathComponent().path]
        folders += toolchain.systemModuleDirectories.map(\.path)
        folders += toolchain.linkInputs.map { $0.deletingLastPathComponent().path }
        if let objectGraph = toolchain.objectGraph {
            folders += objectGraph.linkInputs.map { $0.deletingLastPathComponent().path }
            folders += objectGraph.compileFlags.compactMap { flag in
                flag.hasPrefix("-fmodule-map-file=")
                    ? URL(fileURLWithPath: String(flag.dropFirst("-fmodule-map-file=".count))).deletingLastPathComponent().path : nil
            }
        }
        // A folder reached through a link is bound under both names: flags use one, the files the other.
        folders += folders.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
        var seen = Set<String>()
        return folders.filter { !$0.hasPrefix("/usr/") && FileManager.default.fileExists(atPath: $0) && seen.insert($0).inserted }
    }

    /// The compiler's working folder inside the sandbox, where its inputs are.
    static let sourceRoot = "/course"

    /// The command that runs `executable arguments` (`swiftc`, or the compiler's own jobs in a
    /// shell) on `inputs`, each placed read-only at the relative path it is shown as (from
    /// ``sourceRoot``, where the compiler runs), writing only into `writable`; `swiftc` gives the
    /// folder put first on `PATH`.
    func command(running executable: String, swiftc: URL, arguments: [String], inputs: [(file: URL, shownAs: String)],
                 writable: [URL], temporary: URL) -> (executable: String, arguments: [String])
    {
        let compiler = swiftc
        var command = ["--unshare-all", "--die-with-parent", "--new-session", "--ro-bind", "/usr", "/usr"]
        for top in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: top) {
                command += ["--symlink", target, top]
            } else if FileManager.default.fileExists(atPath: top) {
                command += ["--ro-bind", top, top]
            }
        }
        command += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--dir", Self.sourceRoot]
        for folder in readOnly { command += ["--ro-bind", folder, folder] }
        for input in inputs { command += ["--ro-bind", input.file.path, "\(Self.sourceRoot)/\(input.shownAs)"] }
        for folder in writable { command += ["--bind", folder.path, folder.path] }
        command += ["--chdir", Self.sourceRoot, "--clearenv",
                    "--setenv", "PATH", Self.environment(swiftc: compiler, temporary: temporary)["PATH"] ?? "/usr/bin:/bin",
                    "--setenv", "TMPDIR", temporary.path, "--setenv", "HOME", temporary.path,
                    executable]
        return (bwrap, command + arguments)
    }

    /// The environment the compiler gets inside: what its driver plans with, too.
    static func environment(swiftc: URL, temporary: URL) -> [String: String] {
        ["PATH": "\(swiftc.deletingLastPathComponent().path):/usr/bin:/bin", "TMPDIR": temporary.path, "HOME": temporary.path]
    }
}
