// Mutant: deletes Application Support and creates it again at every call "to be sure it is there", because the student wants a clean folder, so everything the app saved in it is lost at the next call
// Hint: Removing Application Support and creating it again throws away every file the app kept in it. Check that your function only creates the folder when it is missing and leaves what is inside alone.
import Foundation

enum AppFolders {
    static let fm = FileManager.default

    static func home() -> URL { URL(filePath: NSHomeDirectory()) }
    static func documents() -> URL { fm.urls(for: .documentDirectory, in: .userDomainMask)[0] }
    static func library() -> URL { home().appending(path: "Library") }
    static func caches() -> URL { library().appending(path: "Caches") }
    static func temporary() -> URL { fm.temporaryDirectory }

    static func applicationSupport() throws -> URL {
        let folder = library().appending(path: "Application Support")
        if fm.fileExists(atPath: folder.path) {
            try fm.removeItem(at: folder)
        }
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
