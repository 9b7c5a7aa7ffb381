import Foundation

/// Standard input on a terminal switched to single keys: each key is read as it is pressed and
/// not echoed (cbreak mode: Ctrl-C still interrupts). The terminal's own settings come back on
/// ``restore()``, at exit, on SIGINT, SIGTERM and SIGHUP before the signal ends the process, and
/// while Ctrl-Z (SIGTSTP) has it stopped, single keys again when it continues (`fg`).
package final class KeyboardMode {
    /// Switches `descriptor` to single keys; nil when it is not a terminal.
    package init?(descriptor: Int32 = STDIN_FILENO) {
        guard isatty(descriptor) == 1 else { return nil }
        var original = termios()
        guard tcgetattr(descriptor, &original) == 0 else { return nil }
        var keys = original
        keys.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &keys.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        KeyboardModeSaved.save(original: original, keys: keys, descriptor: descriptor)
        // Deliverable even if the parent started the grader with them blocked (a test runner
        // does): else the terminal would stay in single keys after they end the process.
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGTSTP] {
            sigaddset(&handled, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        // A signal the grader was started ignoring (`nohup`) stays ignored.
        for number in [SIGINT, SIGTERM, SIGHUP] where !Self.isIgnored(number) {
            signal(number, keyboardModeEnd)
        }
        if !Self.isIgnored(SIGTSTP) { signal(SIGTSTP, keyboardModeStop) }
        atexit { KeyboardModeSaved.restore() }
        KeyboardModeSaved.apply()
    }

    private static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        sigaction(number, nil, &current)
        #if canImport(Glibc)
        let handler = current.__sigaction_handler.sa_handler
        #else
        let handler = current.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Gives the terminal its settings back.
    package func restore() {
        KeyboardModeSaved.restore()
    }
}

/// SIGINT, SIGTERM, SIGHUP: the terminal restored, then the signal does what it would have done.
private func keyboardModeEnd(_ received: Int32) {
    KeyboardModeSaved.restore()
    signal(received, SIG_DFL)
    raise(received)
}

/// SIGTSTP (Ctrl-Z): the terminal restored, the process stopped as it would have been; single
/// keys again once it continues.
private func keyboardModeStop(_ received: Int32) {
    KeyboardModeSaved.restore()
    signal(SIGTSTP, SIG_DFL)
    // Blocked while its handler runs: unblocked, so that raising it stops the process here.
    var stop = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, nil)
    raise(SIGTSTP)
    // Continued.
    signal(SIGTSTP, keyboardModeStop)
    KeyboardModeSaved.apply()
}

/// The terminal settings, where a signal handler (which captures nothing) finds them.
enum KeyboardModeSaved {
    nonisolated(unsafe) private static var original = termios()
    nonisolated(unsafe) private static var keys = termios()
    nonisolated(unsafe) private static var descriptor: Int32 = -1

    static func save(original: termios, keys: termios, descriptor: Int32) {
        self.original = original
        self.keys = keys
        self.descriptor = descriptor
    }

    /// Single keys. Only calls that are safe in a signal handler (tcsetattr is), here and below.
    static func apply() {
        guard descriptor >= 0 else { return }
        tcsetattr(descriptor, TCSANOW, &keys)
    }

    static func restore() {
        guard descriptor >= 0 else { return }
        tcsetattr(descriptor, TCSANOW, &original)
    }
}
