import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Measures what an app container holds on disk, to keep it within ``Limits/containerBytes``
/// without privileges: no per-folder quota exists for an ordinary user, so the container is
/// measured while the app runs (every 25 ms) and as each step ends.
///
/// Each file or folder counts its allocated blocks and at least 4 KiB, so that a million empty
/// files are as much a breach as a large one; the walk stops as soon as the total passes the
/// limit. What it cannot see: a file the app deleted while keeping it open (each still bounded
/// by the file-size limit and the 256 open files).
enum ContainerMeter {
    static let smallestEntry = 4096

    /// The bytes under `directory`, or a number past `limit` as soon as the walk finds it there.
    static func bytes(in directory: URL, upTo limit: Int) -> Int {
        var total = 0
        walk(directory.path, &total, limit)
        return total
    }

    private static func walk(_ path: String, _ total: inout Int, _ limit: Int) {
        guard let stream = opendir(path) else { return }
        defer { closedir(stream) }
        let fd = dirfd(stream)
        while total <= limit, let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            total += max(Int(info.st_blocks) * 512, smallestEntry)
            if (info.st_mode & S_IFMT) == S_IFDIR { walk(path + "/" + name, &total, limit) }
        }
    }
}
