import ExerciseKit
import Foundation

@main
enum SandboxURLsDriver: ExerciseDriver {
    /// What a case sees of a URL: its file-system path, and whether it is a file URL at all.
    struct Folder: Encodable {
        var path: String
        var fileURL: Bool

        init(_ url: URL) {
            path = url.path
            fileURL = url.isFileURL
        }
    }

    /// Names one of the folders: `home`, `documents`, `library`, `caches`, `temporary` or
    /// `applicationSupport`.
    struct FileArgs: Decodable {
        var folder: String
        var name: String
        var text: String?
    }

    /// A folder of the container, by its path from the home: `Documents`, `Library/Caches`, `tmp`.
    struct RemovedFolder: Decodable {
        var path: String
    }

    /// A folder of the container (`path`, from the home) moved to `movedTo` (from the home too),
    /// with a symbolic link left at its old path: the folder's path still reaches it.
    struct LinkedFolder: Decodable {
        var path: String
        var movedTo: String
    }

    /// A value for the process's `HOME` environment variable.
    struct HomeVariable: Decodable {
        var path: String
    }

    struct UnknownFolder: Error {}

    static func folder(named name: String) throws -> URL {
        switch name {
        case "home": return AppFolders.home()
        case "documents": return AppFolders.documents()
        case "library": return AppFolders.library()
        case "caches": return AppFolders.caches()
        case "temporary": return AppFolders.temporary()
        case "applicationSupport": return try AppFolders.applicationSupport()
        default: throw UnknownFolder()
        }
    }

    static func register(_ app: inout Operations) {
        // An iOS app starts with "/" as its current directory, not its container.
        FileManager.default.changeCurrentDirectoryPath("/")
        app.on("home") { Folder(AppFolders.home()) }
        app.on("documents") { Folder(AppFolders.documents()) }
        app.on("library") { Folder(AppFolders.library()) }
        app.on("caches") { Folder(AppFolders.caches()) }
        app.on("temporary") { Folder(AppFolders.temporary()) }
        app.on("applicationSupport") { Folder(try AppFolders.applicationSupport()) }

        // A fresh container on a real device often has no Application Support yet.
        app.on("removeApplicationSupport") {
            let path = NSHomeDirectory() + "/Library/Application Support"
            if FileManager.default.fileExists(atPath: path) {
                try FileManager.default.removeItem(atPath: path)
            }
        }
        // Another folder removed (by a step, as a user or a clean-up might): the functions that
        // only find a folder must not bring it back.
        app.on("removeFolder") { (args: RemovedFolder) in
            let path = NSHomeDirectory() + "/" + args.path
            if FileManager.default.fileExists(atPath: path) {
                try FileManager.default.removeItem(atPath: path)
            }
        }
        // A folder's path that goes through a symbolic link (as /var is a link on an iPhone):
        // the folder moved elsewhere in the container, a link left where it was.
        app.on("moveFolderBehindLink") { (args: LinkedFolder) in
            let path = NSHomeDirectory() + "/" + args.path
            let target = NSHomeDirectory() + "/" + args.movedTo
            let manager = FileManager.default
            try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                        withIntermediateDirectories: true)
            try manager.moveItem(atPath: path, toPath: target)
            try manager.createSymbolicLink(atPath: path, withDestinationPath: target)
        }
        // Foundation's home fixed to the container (as the iOS Simulator fixes it, with
        // CFFIXED_USER_HOME) while the HOME variable names another folder: NSHomeDirectory()
        // still answers the container, the variable does not.
        app.on("setHomeVariable") { (args: HomeVariable) in
            setenv("CFFIXED_USER_HOME", NSHomeDirectory(), 1)
            setenv("HOME", args.path, 1)
        }
        // The rest of the app writes and reads files in the folders the solution returns.
        app.on("writeFile") { (args: FileArgs) in
            let url = try folder(named: args.folder).appending(path: args.name)
            try Data((args.text ?? "").utf8).write(to: url, options: .atomic)
        }
        app.on("readFile") { (args: FileArgs) -> String? in
            let url = try folder(named: args.folder).appending(path: args.name)
            guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
    }
}
