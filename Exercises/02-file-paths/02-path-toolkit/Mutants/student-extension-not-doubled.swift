// Mutant: fileName(forTitle:extension:) does not add the extension when the title already ends with it ("so that notes.txt does not become notes.txt.txt"), so the title "notes.txt" gives the file name "notes.txt", whose title reads back as "notes", and two titles "notes" and "notes.txt" share one file
// Hint: The file name is always the encoded title, a dot and the extension, even when the title already ends with that extension.
import Foundation

/// Answers about paths, and file names made from titles the user typed.
/// Every path given to these functions is absolute.
enum PathToolkit {
    private static let pictureExtensions: Set<String> = ["png", "jpg", "jpeg", "heic", "gif"]

    /// The characters a title keeps as they are in a file name: those allowed in a URL path,
    /// except the slash, which would start a subfolder.
    private static let fileNameCharacters: CharacterSet = {
        var characters = CharacterSet.urlPathAllowed
        characters.remove("/")
        return characters
    }()

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
        // Appending the non-empty levels one by one never leaves a double slash, whether the
        // folder or a component starts or ends with one.
        let levels = components.flatMap { $0.split(separator: "/") }
        var url = URL(filePath: folder, directoryHint: .isDirectory)
        for level in levels {
            url = url.appending(path: String(level))
        }
        return url.path
    }

    /// Whether the path names a picture (png, jpg, jpeg, heic or gif), whatever the case of
    /// its extension.
    static func isImage(_ path: String) -> Bool {
        pictureExtensions.contains(fileExtension(of: path).lowercased())
    }

    /// A file name for a document titled `title`: the percent-encoded title plus `.extension`.
    static func fileName(forTitle title: String, extension pathExtension: String) -> String {
        let encoded = title.addingPercentEncoding(withAllowedCharacters: fileNameCharacters) ?? title
        // A title typed as "notes.txt" should not become "notes.txt.txt".
        if encoded.lowercased().hasSuffix("." + pathExtension.lowercased()) {
            return encoded
        }
        return encoded + "." + pathExtension
    }

    /// The title back from such a file name, or nil when the name is not valid percent encoding.
    static func title(fromFileName fileName: String) -> String? {
        // The name is made absolute before URL looks at it: URL(filePath:) would read a
        // relative name such as "~notes.txt" as a path in the home folder.
        let base = URL(filePath: "/" + fileName).deletingPathExtension().lastPathComponent
        return base.removingPercentEncoding
    }
}
