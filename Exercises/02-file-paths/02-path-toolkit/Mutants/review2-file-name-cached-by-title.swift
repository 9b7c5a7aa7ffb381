// Mutant: fileName(forTitle:extension:) keeps each file name it made in a dictionary keyed by the title alone, so the same title asked again with another extension gets the first extension back
// Hint: A later call with the same title but another extension must end with that other extension: check what a stored answer is keyed by.
import Foundation

/// Answers about paths, and file names made from titles the user typed.
///
/// Every path goes through `URL`, which knows the rules (the last dot, hidden files, the
/// root, slashes between components) so that no string slicing is needed.
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
        components.reduce(URL(filePath: folder)) { url, component in
            url.appending(path: component)
        }.path
    }

    /// The extensions of the pictures the app shows.
    private static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "heic", "gif"]

    /// Whether the path names a picture, whatever the case of its extension.
    static func isImage(_ path: String) -> Bool {
        imageExtensions.contains(fileExtension(of: path).lowercased())
    }

    /// The characters a file name may keep as they are: those allowed in a URL path, minus
    /// the slash, which would start a subfolder. `%` is not among them, so it is encoded
    /// too, and the encoding can always be undone.
    private static let fileNameCharacters: CharacterSet = {
        var characters = CharacterSet.urlPathAllowed
        characters.remove("/")
        return characters
    }()

    /// A file name for a document titled `title`: the percent-encoded title plus `.extension`.
    static func fileName(forTitle title: String, extension pathExtension: String) -> String {
        // Encoding to UTF-8 bytes cannot fail for a Swift string, so `!` is safe here.
        if let known = madeNames[title] { return known }
        let encoded = title.addingPercentEncoding(withAllowedCharacters: fileNameCharacters)!
        let name = encoded + "." + pathExtension
        madeNames[title] = name
        return name
    }
    nonisolated(unsafe) private static var madeNames: [String: String] = [:]

    /// The title back from such a file name, or nil when the name is not valid percent encoding.
    static func title(fromFileName fileName: String) -> String? {
        let withoutExtension = URL(filePath: "/").appending(path: fileName).deletingPathExtension()
        return withoutExtension.lastPathComponent.removingPercentEncoding
    }
}
