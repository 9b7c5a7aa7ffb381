// Mutant: baseName(of:) removes the extension by deleting "." + extension from the last component with replacingOccurrences, which deletes every copy of it, not only the last one, so "v1.txt.txt" gives "v1" and "ab.c.cd.c" gives "abd" instead of "v1.txt" and "ab.c.cd"
// Hint: Only the last extension goes: the same text earlier in the name stays.
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
        let url = URL(filePath: path)
        let pathExtension = url.pathExtension
        let name = url.lastPathComponent
        return pathExtension.isEmpty ? name : name.replacingOccurrences(of: "." + pathExtension, with: "")
    }

    /// The folder that holds the item; the root's parent is the root.
    static func parent(of path: String) -> String {
        URL(filePath: path).deletingLastPathComponent().path
    }

    /// `folder` followed by each component in turn; a component may hold several levels.
    static func join(_ folder: String, _ components: [String]) -> String {
        components.reduce(URL(filePath: folder)) { $0.appending(path: $1) }.path
    }

    /// Whether the path names a picture (png, jpg, jpeg, heic or gif), whatever the case of
    /// its extension.
    static func isImage(_ path: String) -> Bool {
        ["png", "jpg", "jpeg", "heic", "gif"].contains(fileExtension(of: path).lowercased())
    }

    /// The characters a file name keeps as they are: those of a URL path, except "/".
    private static let fileNameCharacters: CharacterSet = {
        var characters = CharacterSet.urlPathAllowed
        characters.remove("/")
        return characters
    }()

    /// A file name for a document titled `title`: the percent-encoded title plus `.extension`.
    static func fileName(forTitle title: String, extension pathExtension: String) -> String {
        let encoded = title.addingPercentEncoding(withAllowedCharacters: fileNameCharacters) ?? title
        return encoded + "." + pathExtension
    }

    /// The title back from such a file name, or nil when the name is not valid percent encoding.
    static func title(fromFileName fileName: String) -> String? {
        let name = URL(filePath: "/" + fileName).deletingPathExtension().lastPathComponent
        return name.removingPercentEncoding
    }
}
