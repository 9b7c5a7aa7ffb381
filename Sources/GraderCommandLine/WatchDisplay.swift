import Foundation
import GraderCore

/// Where `grader watch` draws its screens. On a terminal (standard input and output both one,
/// and `TERM` not `dumb`) each screen replaces the last; anywhere else each is printed after the
/// last, without colours, the header only when it changes and what is going on as a line of its own.
package final class WatchDisplay {
    package let clears: Bool
    package let style: TerminalStyle
    private let output: FileHandle
    private var printed: WatchScreen?

    package init(clears: Bool, style: TerminalStyle, output: FileHandle = .standardOutput) {
        self.clears = clears
        self.style = clears ? style : TerminalStyle(colors: false)
        self.output = output
    }

    /// Clearing and colours on a terminal only; colours as `styled` says (NO_COLOR and the like).
    package static func standard(styled: TerminalStyle,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) -> WatchDisplay {
        let terminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb"
        return WatchDisplay(clears: terminal, style: styled)
    }

    package func show(_ screen: WatchScreen) {
        defer { printed = screen }
        if clears {
            write("\u{1B}[H\u{1B}[2J" + screen.render(style: style))
            return
        }
        guard screen != printed else { return }
        var lines: [String] = []
        if printed?.header != screen.header { lines.append(screen.header) }
        if let status = screen.status, printed?.status != status { lines.append(status) }
        // A new body, or the same again at the end of a check (its result is news too).
        let checked = screen.status == nil && printed?.status != nil
        if printed?.body != screen.body || checked, !screen.body.isEmpty {
            lines += screen.body + [WatchScreen.keyHelp]
        }
        guard !lines.isEmpty else { return }
        // A blank line between one screen's lines and the next's.
        write((printed == nil ? "" : "\n") + lines.joined(separator: "\n") + "\n")
    }

    /// After the last screen, on quitting.
    package func finish() {
        if clears { write("\n") }
    }

    private func write(_ text: String) {
        output.write(Data(text.utf8))
    }
}
