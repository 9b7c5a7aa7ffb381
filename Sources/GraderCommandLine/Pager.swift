import Foundation
import GraderCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Long text a screen at a time, as git shows it: on a terminal, text taller than the screen goes
/// through the reader's pager (`GRADER_PAGER`, else `PAGER`, else `less -R -F -X` where `less`
/// exists); in a pipe, on a `dumb` terminal, with `--no-pager`, or with the pager set to `cat` or
/// to nothing, it is printed as it is.
package struct Pager {
    /// The shell command the text is piped to; nil to print it.
    package var command: String?
    /// The terminal's size; its height decides whether the text needs a pager.
    package var size: TerminalSize
    private var environment: [String: String]

    /// - Parameters:
    ///   - enabled: false for `--no-pager`.
    ///   - terminal: whether standard output is a terminal; only a terminal gets a pager.
    package init(enabled: Bool, environment: [String: String] = ProcessInfo.processInfo.environment,
                 terminal: Bool = isatty(STDOUT_FILENO) == 1) {
        self.environment = environment
        size = TerminalSize.of(STDOUT_FILENO, environment: environment)
        // A dumb terminal (an editor's shell) scrolls on its own, and `less` cannot drive it.
        command = enabled && terminal && environment["TERM"] != "dumb" ? Self.command(environment: environment) : nil
    }

    /// The pager the environment asks for, else `less` when it is installed; nil for none.
    package static func command(environment: [String: String]) -> String? {
        if let asked = environment["GRADER_PAGER"] ?? environment["PAGER"] {
            let trimmed = asked.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
        }
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return path.contains { access("\($0)/less", X_OK) == 0 } ? "less -R -F -X" : nil
    }

    /// Whether `text` is taller than the screen, its long lines counted as the terminal wraps them.
    package func needsPaging(_ text: String) -> Bool {
        guard let rows = size.rows else { return false }
        var height = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0) {
            let columns = TerminalStyle.columns(of: String(line))
            height += max(1, (columns + size.columns - 1) / size.columns)
            if height >= rows { return true }
        }
        return false
    }

    /// Prints `text`, through the pager when it needs one. A pager that cannot be started leaves
    /// the text printed as it is, with a word on standard error.
    package func show(_ text: String) {
        guard let command, needsPaging(text) else {
            print(text, terminator: "")
            return
        }
        fflush(stdout)
        switch run(command, input: Data(text.utf8)) {
        case .shown:
            break
        case .notStarted:
            FileHandle.standardError.write(Data("note: the pager `\(command)` could not run (set PAGER, or add --no-pager)\n".utf8))
            print(text, terminator: "")
        }
    }

    private enum Outcome {
        case shown
        case notStarted
    }

    /// Runs `sh -c command` in the grader's own process group (the terminal's foreground group,
    /// from which a pager may read the keyboard), its standard input a pipe fed `input`.
    private func run(_ command: String, input: Data) -> Outcome {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return .notStarted }
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        var environment = self.environment
        // As git does: a `less` named in PAGER without options still shows colours and quits on a short text.
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        let arguments: [String] = ["/bin/sh", "-c", command]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, envp)
        close(ends[0])
        guard spawned == 0 else {
            close(ends[1])
            return .notStarted
        }
        // The reader may quit the pager before reading everything, or press Ctrl-C in it: the
        // grader waits for the pager either way rather than dying under it.
        let previousPipe = signal(SIGPIPE, SIG_IGN)
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        defer {
            signal(SIGPIPE, previousPipe)
            signal(SIGINT, previousInterrupt)
        }
        input.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(ends[1], buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { break }
                offset += written
            }
        }
        close(ends[1])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        // `sh` says 127 when the command is not found, 126 when it cannot be run.
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        return exited && (code == 126 || code == 127) ? .notStarted : .shown
    }
}
