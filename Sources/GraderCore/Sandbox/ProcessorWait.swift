import Foundation

/// How long a launch's processes waited for a processor: the time their threads were ready to
/// run while the machine ran something else (`/proc/PID/task/TID/schedstat`, its second field).
///
/// A time limit judges the learner's code, not the machine: on a machine whose load is many
/// times its cores, a correct app can spend most of its 10 s waiting for a processor. A launch
/// therefore does not count that wait against its limits (``AppSession``). An endless loop still
/// runs out of time (it never waits for anything but the processor, so it gets its full limit of
/// running), and an app blocked on a lock or a pipe waits for no processor and is not excused.
enum ProcessorWait {
    /// The most processor wait a launch, or a case over its launches, is excused, in multiples
    /// of its limit: enough for a correct app on a machine whose every processor has thirty
    /// processes ready to run, while an endless loop on a machine even busier still ends.
    static let maximumExcuse: Double = 30

    /// What the kernel counted for a launch's processes so far.
    struct Measure: Equatable {
        /// The longest wait of one thread for a processor, in seconds.
        var longestWait: TimeInterval
        /// The processor time the processes used, theirs and their ended children's, in seconds.
        var processorTime: TimeInterval

        /// The wait a launch that has run `seconds` is excused: its longest wait, but never more
        /// than the time it did not use a processor. Threads or processes of the app's own that
        /// keep each other waiting (more of them than its cores) each wait for most of the wall
        /// clock, but together use a processor all the time, and are excused nothing.
        func excusable(after seconds: TimeInterval) -> TimeInterval {
            max(0, min(longestWait, seconds - processorTime))
        }
    }

    /// The longest wait of one thread of `root` or of a process below it, and the processor time
    /// of them all; nil when this system has no `schedstat` (a kernel without scheduler statistics).
    /// - Parameter depth: count only processes this many generations below `root` or deeper
    ///   (2 for a forked launch: not bubblewrap, nor the waiting binary whose wait adds up over
    ///   the case's launches).
    static func measure(below root: pid_t, depth: Int = 0) -> Measure? {
        var longest: UInt64?
        var ticks = 0
        let table = processes()
        for pid in tree(below: root, depth: depth, in: table) {
            ticks += table[pid]?.ticks ?? 0
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks {
                guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8) else { continue }
                let fields = text.split(separator: " ")
                guard fields.count >= 2, let waited = UInt64(fields[1]) else { continue }
                longest = max(longest ?? 0, waited)
            }
        }
        return longest.map {
            Measure(longestWait: TimeInterval($0) / 1_000_000_000, processorTime: Double(ticks) / Double(clockTicks))
        }
    }

    /// `root` and every process below it, found from each process's parent in `/proc/PID/stat`.
    /// - Parameter depth: leave out the processes fewer generations below `root` than this.
    static func tree(below root: pid_t, depth: Int = 0) -> [pid_t] {
        tree(below: root, depth: depth, in: processes())
    }

    private static func tree(below root: pid_t, depth: Int, in table: [pid_t: Entry]) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for (pid, process) in table { children[process.parent, default: []].append(pid) }
        var found: [pid_t] = []
        var next = [(root, 0)]
        while let (pid, level) = next.popLast() {
            if level >= depth { found.append(pid) }
            next += (children[pid] ?? []).map { ($0, level + 1) }
        }
        return found
    }

    /// A process's parent and processor time in clock ticks.
    private struct Entry {
        var parent: pid_t
        var ticks: Int
    }

    private static let clockTicks = max(1, sysconf(Int32(_SC_CLK_TCK)))

    /// Every process in `/proc`.
    private static func processes() -> [pid_t: Entry] {
        var table: [pid_t: Entry] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let process = process(pid) else { continue }
            table[pid] = process
        }
        return table
    }

    /// A process's `/proc/PID/stat`: after the command name, which is in parentheses and may
    /// itself hold spaces and parentheses, the parent is the second field, and the processor
    /// time the twelfth to fifteenth (user and system time, then its waited-for children's).
    private static func process(_ pid: pid_t) -> Entry? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count >= 15, let parent = pid_t(fields[1]) else { return nil }
        let ticks = fields[11...14].reduce(0) { $0 + (Int($1) ?? 0) }
        return Entry(parent: parent, ticks: ticks)
    }
}
