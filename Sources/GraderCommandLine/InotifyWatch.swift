#if canImport(Glibc)
import Glibc
import Foundation

/// Linux's inotify on the folders that hold some files: folders rather than files, since editors
/// save by writing a new file and renaming it over the old one, which a watch on the old file
/// would not see.
package final class InotifyWatch {
    /// Why inotify cannot be had, in the words of the call that failed.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    private let descriptor: Int32
    /// The names watched in each watched folder, by watch descriptor.
    private var names: [Int32: Set<String>] = [:]

    /// Watches the folders of `files` for any change to one of them.
    package init(files: [URL]) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw Failure(description: "inotify_init1 failed: \(Self.reason(errno))") }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY)
        for (folder, files) in Dictionary(grouping: files, by: { $0.deletingLastPathComponent().path }) {
            let watch = inotify_add_watch(descriptor, folder, mask)
            guard watch >= 0 else {
                let failure = Failure(description: "inotify_add_watch failed: \(Self.reason(errno))")
                close(descriptor)
                throw failure
            }
            names[watch, default: []].formUnion(files.map(\.lastPathComponent))
        }
    }

    deinit { close(descriptor) }

    /// Waits up to `timeout` seconds for events; returns whether one of them concerned a watched
    /// file (or the kernel dropped events, so one might have).
    package func wait(timeout: TimeInterval) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, Int32(timeout * 1000)) > 0 else { return false }
        return drain()
    }

    /// Reads every pending event.
    private func drain() -> Bool {
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return relevant }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
                while offset + 16 <= count {
                    let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = bytes[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 || names[watch]?.contains(name) == true { relevant = true }
                    offset += 16 + length
                }
            }
        }
    }

    private static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        // The limits a learner can raise, named with the setting that raises them.
        switch code {
        case ENOSPC: return "\(text) (the limit fs.inotify.max_user_watches is reached)"
        case EMFILE: return "\(text) (the limit fs.inotify.max_user_instances is reached)"
        default: return text
        }
    }
}
#endif
