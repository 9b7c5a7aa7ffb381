import Foundation

/// Progress of a long command on standard error. On a terminal, one line at the bottom redrawn in
/// place (a bar, the counts, the time so far and an estimate of the time left, ticking every
/// second), with the lines that stay printed above it; anywhere else (a pipe, a file, a CI log,
/// `TERM=dumb`, `NO_COLOR` or `CI` set) only the lines that stay, one per event.
package final class ProgressLine: @unchecked Sendable {
    package enum Mode: Equatable {
        /// Redrawn in place on a terminal `width` columns wide.
        case live(width: Int)
        /// Plain lines only.
        case plain
    }

    package let mode: Mode
    /// What is counted: "students".
    let unit: String
    private let output: FileHandle
    private let lock = NSLock()
    private let started = Date()
    private var done = 0
    private var total = 0
    private var remaining: TimeInterval?
    private var drawn = false
    private var timer: DispatchSourceTimer?

    package init(unit: String, mode: Mode = ProgressLine.standardErrorMode(), output: FileHandle = .standardError) {
        self.unit = unit
        self.mode = mode
        self.output = output
    }

    deinit { timer?.cancel() }

    /// Live on a terminal that is not `dumb`, unless `NO_COLOR` or `CI` is set.
    package static func standardErrorMode(environment: [String: String] = ProcessInfo.processInfo.environment) -> Mode {
        let set = { (name: String) in !(environment[name] ?? "").isEmpty }
        guard isatty(STDERR_FILENO) == 1, environment["TERM"] != "dumb", !set("NO_COLOR"), !set("CI") else { return .plain }
        return .live(width: max(TerminalSize.of(STDERR_FILENO, environment: environment).columns, 20))
    }

    /// Sets the counts (and the estimate of the time left, when known) and redraws the bar.
    package func update(done: Int, total: Int, remaining: TimeInterval? = nil) {
        lock.lock()
        defer { lock.unlock() }
        self.done = done
        self.total = total
        self.remaining = remaining.map { $0 + Date().timeIntervalSince(started) }
        guard case .live = mode else { return }
        if timer == nil { startTicking() }
        draw()
    }

    /// One more of `total` is done: `line` stays (above the bar on a terminal; anywhere else on
    /// its own, after the counts, `[3/27] line`), and the bar shows the new count and the time
    /// left at the pace so far. Safe to call from any thread.
    package func advance(_ line: String, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        done = min(done + 1, total)
        self.total = total
        let elapsed = Date().timeIntervalSince(started)
        remaining = elapsed / Double(max(done, 1)) * Double(total - done) + elapsed
        keep(mode == .plain ? "[\(done)/\(total)] \(line)" : line)
        guard case .live = mode else { return }
        if timer == nil { startTicking() }
        draw()
    }

    /// A line that stays: above the bar on a terminal, on its own anywhere else.
    package func log(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        keep(line)
        if case .live = mode, total > 0 { draw() }
    }

    /// Writes `line` where the bar was (the bar is drawn again after it).
    private func keep(_ line: String) {
        write((drawn ? "\r\u{1B}[K" : "") + line + "\n")
        drawn = false
    }

    /// Takes the bar off the screen; later lines print as usual.
    package func finish() {
        lock.lock()
        defer { lock.unlock() }
        timer?.cancel()
        timer = nil
        if drawn { write("\r\u{1B}[K") }
        drawn = false
        total = 0
    }

    /// `███████░░░░░░░░░░░░░ 12/30 students · 4 min 10 s · about 6 min left`, fitted to `width`.
    package static func render(done: Int, total: Int, unit: String, elapsed: TimeInterval, left: TimeInterval?, width: Int) -> String {
        var text = " \(done)/\(total) \(unit) · \(duration(elapsed))"
        if let left, done < total { text += " · about \(duration(max(left, 0))) left" }
        let barWidth = min(30, width - text.count - 1)
        guard barWidth >= 5 else { return String(text.dropFirst().prefix(width - 1)) }
        let filled = total > 0 ? min(barWidth, barWidth * done / total) : 0
        return String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + text
    }

    static func duration(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }

    private func draw() {
        guard case .live(let width) = mode else { return }
        let elapsed = Date().timeIntervalSince(started)
        let left = remaining.map { $0 - elapsed }
        write("\r\u{1B}[K" + Self.render(done: done, total: total, unit: unit, elapsed: elapsed, left: left, width: width))
        drawn = true
    }

    private func startTicking() {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.lock.lock()
            defer { self.lock.unlock() }
            if self.total > 0 { self.draw() }
        }
        timer.resume()
        self.timer = timer
    }

    private func write(_ text: String) {
        output.write(Data(text.utf8))
    }
}
