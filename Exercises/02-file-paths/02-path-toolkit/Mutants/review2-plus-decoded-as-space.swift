// Mutant: title(fromFileName:) turns every "+" into a space before undoing the percent encoding, as a web form's query is decoded, so the title "C++ notes" comes back as "C   notes"
// Hint: A file name is only percent encoded: a "+" that the encoding kept as it is stands for itself when you read the title back.
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
        let encoded = title.addingPercentEncoding(withAllowedCharacters: fileNameCharacters)!
        return encoded + "." + pathExtension
    }

    /// The title back from such a file name, or nil when the name is not valid percent encoding.
    static func title(fromFileName fileName: String) -> String? {
        let withoutExtension = URL(filePath: "/").appending(path: fileName).deletingPathExtension()
        return withoutExtension.lastPathComponent.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
