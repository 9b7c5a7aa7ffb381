import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The few file operations cgroups need, as plain system calls: they run for every launch, and
/// each returns the error's text instead of throwing so that callers can say what it means.
enum CgroupFiles {
    /// Makes `directory`; nil when it worked (or it was there), else the error.
    static func makeDirectory(_ directory: URL) -> String? {
        if mkdir(directory.path, 0o755) == 0 || errno == EEXIST { return nil }
        return String(cString: strerror(errno))
    }

    /// Writes `text` in one `write`, as cgroup files need; nil when it worked, else the error.
    static func write(_ text: String, to file: URL) -> String? {
        let fd = open(file.path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        return written == bytes.count ? nil : String(cString: strerror(errno))
    }

    /// A small file's text, or nil.
    static func read(_ file: URL) -> String? {
        let fd = open(file.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var data = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            data += chunk[..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The number after `key` in a flat-keyed cgroup file (`pids.events`, `memory.stat`…).
    static func value(_ key: String, in file: URL) -> Int? {
        guard let text = read(file) else { return nil }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, fields[0] == key { return Int(fields[1]) }
        }
        return nil
    }

    /// The processes in a cgroup.
    static func processes(in directory: URL) -> [pid_t] {
        (read(directory.appendingPathComponent("cgroup.procs")) ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }
}
