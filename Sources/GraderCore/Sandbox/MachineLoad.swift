import Foundation

/// How busy the machine is, from `/proc/loadavg`: the processes ready to run now and the
/// one-minute load average, beside the processors online.
///
/// A case whose run ran out of time while the machine was overloaded is run again before the
/// time is the learner's failure (``CaseAttempt``): a limit judges the learner's code, and on a
/// machine whose load is many times its processors a correct app can miss a deadline that no
/// excused processor wait covers (its start-up, a wait longer than the excuse).
struct MachineLoad: Sendable, Equatable {
    /// Processes ready to run at the moment of reading.
    var runnable: Int
    var oneMinute: Double
    var processors: Int

    /// The machine now; nil where `/proc/loadavg` cannot be read.
    static func now() -> MachineLoad? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return parse(text, processors: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// `/proc/loadavg`'s text: `0.52 0.58 0.59 3/1234 5678`, the fourth field runnable/all.
    static func parse(_ text: String, processors: Int) -> MachineLoad? {
        let fields = text.split(separator: " ")
        guard fields.count >= 4, let oneMinute = Double(fields[0]),
              let runnable = fields[3].split(separator: "/").first.flatMap({ Int($0) }) else { return nil }
        return MachineLoad(runnable: runnable, oneMinute: oneMinute, processors: max(1, processors))
    }

    /// At least four processes ready for each processor now, more than the grader's own jobs
    /// (two per processor by default) make; or a one-minute average that high with at least two
    /// ready per processor now (the average alone lags: it stays high for minutes after a load
    /// has gone).
    var isOverloaded: Bool {
        runnable >= 4 * processors || (oneMinute >= Double(4 * processors) && runnable >= 2 * processors)
    }

    var description: String {
        String(format: "a load of %.0f, %d ready to run, on %d processor%@", oneMinute, runnable, processors,
               processors == 1 ? "" : "s")
    }
}
