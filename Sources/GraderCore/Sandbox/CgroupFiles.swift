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
        bytes(file).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A small file's bytes, or nil.
    private static func bytes(_ file: URL) -> [UInt8]? {
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
        return data
    }

    /// The number after `key` in a flat-keyed cgroup file (`pids.events`, `memory.stat`…): a
    /// line of exactly the key, one space and a whole number. Read byte by byte rather than
    /// split into strings: it runs after every launch, and `memory.stat` has dozens of lines.
    static func value(_ key: String, in file: URL) -> Int? {
        guard let data = bytes(file) else { return nil }
        return value(Array(key.utf8), in: data)
    }

    static func value(_ key: [UInt8], in data: [UInt8]) -> Int? {
        var start = 0
        while start < data.count {
            var end = start
            while end < data.count, data[end] != UInt8(ascii: "\n") { end += 1 }
            let separator = start + key.count
            if separator < end, data[separator] == UInt8(ascii: " "), data[start..<separator].elementsEqual(key) {
                var number = 0
                var digits = separator + 1
                var negative = false
                if digits < end, data[digits] == UInt8(ascii: "-") {
                    negative = true
                    digits += 1
                }
                guard digits < end else { return nil }
                for byte in data[digits..<end] {
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                    let (times, overflowTimes) = number.multipliedReportingOverflow(by: 10)
                    let (sum, overflowSum) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                    guard !overflowTimes, !overflowSum else { return nil }
                    number = sum
                }
                return negative ? -number : number
            }
            start = end + 1
        }
        return nil
    }

    /// The processes in a cgroup.
    static func processes(in directory: URL) -> [pid_t] {
        (read(directory.appendingPathComponent("cgroup.procs")) ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }
}
