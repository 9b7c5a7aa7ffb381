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
    /// The longest wait of one thread of `root` or of a process below it, in seconds; nil when
    /// this system has no `schedstat` (a kernel without scheduler statistics).
    /// - Parameter depth: count only processes this many generations below `root` or deeper
    ///   (2 for a forked launch: not bubblewrap, nor the waiting binary whose wait adds up over
    ///   the case's launches).
    static func seconds(below root: pid_t, depth: Int = 0) -> TimeInterval? {
        var longest: UInt64?
        for pid in tree(below: root, depth: depth) {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks {
                guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8) else { continue }
                let fields = text.split(separator: " ")
                guard fields.count >= 2, let waited = UInt64(fields[1]) else { continue }
                longest = max(longest ?? 0, waited)
            }
        }
        return longest.map { TimeInterval($0) / 1_000_000_000 }
    }

    /// `root` and every process below it, found from each process's parent in `/proc/PID/stat`.
    /// - Parameter depth: leave out the processes fewer generations below `root` than this.
    static func tree(below root: pid_t, depth: Int = 0) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let parent = parent(of: pid) else { continue }
            children[parent, default: []].append(pid)
        }
        var found: [pid_t] = []
        var next = [(root, 0)]
        while let (pid, level) = next.popLast() {
            if level >= depth { found.append(pid) }
            next += (children[pid] ?? []).map { ($0, level + 1) }
        }
        return found
    }

    /// The parent in `/proc/PID/stat`: the second field after the command name, which is in
    /// parentheses and may itself hold spaces and parentheses.
    private static func parent(of pid: pid_t) -> pid_t? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count >= 2 ? pid_t(fields[1]) : nil
    }
}
