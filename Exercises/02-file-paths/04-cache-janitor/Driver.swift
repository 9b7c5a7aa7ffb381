import ExerciseKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

@main
enum CacheJanitorDriver: ExerciseDriver {
    /// A file the app downloads into the cache: its name in Caches (possibly in a subfolder),
    /// its size, and the modification date it gets.
    struct PutArgs: Decodable {
        var name: String
        var size: Int
        var modified: Date
    }

    struct FolderArgs: Decodable { var name: String }
    struct ReadArgs: Decodable { var name: String; var accessed: Date }
    struct BudgetArgs: Decodable { var budget: Int }

    struct File: Encodable {
        var name: String
        var size: Int
        var modified: Date
    }

    static var caches: URL {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    }

    static func register(_ app: inout Operations) {
        let janitor = CacheJanitor()

        app.on("files") { try janitor.files().map { File(name: $0.name, size: $0.size, modified: $0.modified) } }
        app.on("total") { try janitor.totalSize() }
        app.on("trim") { (args: BudgetArgs) in try janitor.trim(toBudget: args.budget) }

        // The rest of the app fills the cache. Dates are set explicitly, so that the
        // order never depends on when the case ran.
        app.on("put") { (args: PutArgs) in
            let url = caches.appending(path: args.name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(repeating: 0x2A, count: args.size).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: args.modified], ofItemAtPath: url.path)
        }
        // The app uses a cached file: it reads it, and the file's access date (never its
        // modification date) becomes `accessed`, set explicitly so that it does not depend on
        // how the file system records reads.
        app.on("read") { (args: ReadArgs) in
            let url = caches.appending(path: args.name)
            _ = try Data(contentsOf: url)
            let seconds = args.accessed.timeIntervalSince1970.rounded(.down)
            var times = [timespec(tv_sec: Int(seconds), tv_nsec: Int((args.accessed.timeIntervalSince1970 - seconds) * 1e9)),
                         timespec(tv_sec: 0, tv_nsec: Int((1 << 30) - 2))]   // UTIME_OMIT: the modification date stays
            guard utimensat(AT_FDCWD, url.path, &times, 0) == 0 else {
                throw CocoaError(.fileWriteUnknown)
            }
        }
        app.on("makeFolder") { (args: FolderArgs) in
            try FileManager.default.createDirectory(at: caches.appending(path: args.name), withIntermediateDirectories: true)
        }
    }
}
