// Mutant: title(fromFileName:) drops the extension with `URL(filePath: fileName).deletingPathExtension().lastPathComponent`, and `URL(filePath:)` (in Linux's Foundation, which the grader runs) expands a name that starts with "~" into the home folder (a relative name is also resolved against the current directory), so any title starting with "~", such as "~draft" (file name "~draft.txt"), comes back as the last component of the home folder's path instead of "~draft", and the title "." (file name "..txt", which URL says has no extension) comes back as "..txt"
// Hint: A file name given alone is not a path: turning it into a file URL by itself lets Foundation read a leading "~" as the home folder.
import Foundation

/// Answers about paths, and file names made from titles the user typed.
/// Every path given to these functions is absolute.
enum PathToolkit {
    /// The extension of the last component, as it is written ("" when there is none).
    static func fileExtension(of path: String) -> String {
        URL(filePath: path).pathExtension
    }

    /// The last component without its extension.
    static func baseName(of path: String) -> String {
        URL(filePath: path).deletingPathExtension().lastPathComponent
    }

    /// The folder that holds the item; the root's parent is the root.
    static func parent(of path: String) -> String {
        URL(filePath: path).deletingLastPathComponent().path
    }

    /// `folder` followed by each component in turn; a component may hold several levels.
    static func join(_ folder: String, _ components: [String]) -> String {
        var url = URL(filePath: folder, directoryHint: .isDirectory)
        for component in components {
            for level in component.split(separator: "/") {
                url.append(path: String(level))
            }
        }
        return url.path
    }

    /// Whether the path names a picture (png, jpg, jpeg, heic or gif), whatever the case of
    /// its extension.
    static func isImage(_ path: String) -> Bool {
        ["png", "jpg", "jpeg", "heic", "gif"].contains(fileExtension(of: path).lowercased())
    }

    private static let fileNameCharacters: CharacterSet = {
        var characters = CharacterSet.urlPathAllowed
        characters.remove("/")
        return characters
    }()

    /// A file name for a document titled `title`: the percent-encoded title plus `.extension`.
    static func fileName(forTitle title: String, extension pathExtension: String) -> String {
        (title.addingPercentEncoding(withAllowedCharacters: fileNameCharacters) ?? title) + "." + pathExtension
    }

    /// The title back from such a file name, or nil when the name is not valid percent encoding.
    static func title(fromFileName fileName: String) -> String? {
        // URL knows where the extension starts.
        URL(filePath: fileName).deletingPathExtension().lastPathComponent.removingPercentEncoding
    }
}
