import Foundation

/// The size of the terminal an output goes to: asked of the terminal (`TIOCGWINSZ`), else read
/// from `COLUMNS` and `LINES`, else 80 columns and no known height.
package struct TerminalSize: Equatable {
    package var columns: Int
    /// Nil when the output is not a terminal that says its height.
    package var rows: Int?

    package init(columns: Int, rows: Int?) {
        self.columns = columns
        self.rows = rows
    }

    /// The size of the terminal `descriptor` writes to.
    package static func of(_ descriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalSize {
        var size = winsize()
        let asked = isatty(descriptor) == 1 && ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0
        let columns = asked && size.ws_col > 0 ? Int(size.ws_col) : Int(environment["COLUMNS"] ?? "").flatMap { $0 > 0 ? $0 : nil } ?? 80
        let rows = asked && size.ws_row > 0 ? Int(size.ws_row) : Int(environment["LINES"] ?? "").flatMap { $0 > 0 ? $0 : nil }
        return TerminalSize(columns: columns, rows: rows)
    }
}
