// Mutant: creates Application Support only on the first call of each launch, remembered in a static flag, because the student thinks one check per launch is enough, so a folder removed later in the same launch is never created again
// Hint: The folder can be removed while the app runs, so remembering that you made sure of it earlier in the launch is not enough. Check that Application Support is there at every call, not once per launch.
import Foundation

enum AppFolders {
    nonisolated(unsafe) static var applicationSupportReady = false

    static func home() -> URL {
        URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
    }

    static func documents() -> URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first!
    }

    static func library() -> URL {
        home().appendingPathComponent("Library", isDirectory: true)
    }

    static func caches() -> URL {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first!
    }

    static func temporary() -> URL {
        FileManager.default.temporaryDirectory
    }

    static func applicationSupport() throws -> URL {
        let url = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first!
        if !applicationSupportReady {
            if !FileManager.default.fileExists(atPath: url.path) {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            }
            applicationSupportReady = true
        }
        return url
    }
}
