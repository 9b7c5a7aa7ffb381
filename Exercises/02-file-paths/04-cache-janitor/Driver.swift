import ExerciseKit
import Foundation

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
        app.on("makeFolder") { (args: FolderArgs) in
            try FileManager.default.createDirectory(at: caches.appending(path: args.name), withIntermediateDirectories: true)
        }
    }
}
