// Mutant: fileExtension(of:) (and so isImage) accepts what URL gives only when it is made of letters and digits ("an extension is a short code such as jpg, mp3 or 7z"), so "a._x", "notes.draft-2" or "v1.2_b" have no extension ("") where URL finds "_x", "draft-2" and "2_b", while baseName still strips them
// Hint: An extension is whatever follows the last dot of the last component, as URL reads it; it need not be made of letters and digits only.
import Foundation

/// Answers about paths, and file names made from titles the user typed.
/// Every path given to these functions is absolute.
enum PathToolkit {
    /// The extensions of pictures, lower-cased.
    private static let pictureExtensions: Set<String> = ["png", "jpg", "jpeg", "heic", "gif"]

    /// What a title may keep as it is in a file name: URL path characters, but not "/".
    private static let fileNameCharacters: CharacterSet = {
        var characters = CharacterSet.urlPathAllowed
        characters.remove("/")
        return characters
    }()

    private static func url(_ path: String) -> URL {
        URL(filePath: path)
    }

    /// The extension of the last component, as it is written ("" when there is none).
    static func fileExtension(of path: String) -> String {
        // An extension is a short code of letters and digits (jpg, mp3, 7z); anything else
        // after the last dot is part of the name.
        let candidate = url(path).pathExtension
        let isCode = candidate.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) }
        return isCode ? candidate : ""
    }

    /// The last component without its extension.
    static func baseName(of path: String) -> String {
        // URL ignores a trailing slash, and the root's last component is "/".
        url(path).deletingPathExtension().lastPathComponent
    }

    /// The folder that holds the item; the root's parent is the root.
    static func parent(of path: String) -> String {
        url(path).deletingLastPathComponent().path
    }

    /// `folder` followed by each component in turn; a component may hold several levels.
    static func join(_ folder: String, _ components: [String]) -> String {
        var result = url(folder)
        for component in components {
            // Level by level, so that no empty piece ("a//b", a leading or trailing "/")
            // leaves a double slash behind.
            for level in component.split(separator: "/", omittingEmptySubsequences: true) {
                result = result.appending(path: String(level))
            }
        }
        return result.path
    }

    /// Whether the path names a picture (png, jpg, jpeg, heic or gif), whatever the case of
    /// its extension.
    static func isImage(_ path: String) -> Bool {
        pictureExtensions.contains(fileExtension(of: path).lowercased())
    }

    /// A file name for a document titled `title`: the percent-encoded title plus `.extension`.
    static func fileName(forTitle title: String, extension pathExtension: String) -> String {
        // Every character outside the set becomes "%" and its UTF-8 bytes in upper-case hex.
        let encoded = title.addingPercentEncoding(withAllowedCharacters: fileNameCharacters) ?? title
        return encoded + "." + pathExtension
    }

    /// The title back from such a file name, or nil when the name is not valid percent encoding.
    static func title(fromFileName fileName: String) -> String? {
        // Put the name under the root so that URL reads it as one absolute component: no
        // "~" expansion, no resolving against the current directory. The encoded title holds
        // no "/", so the last component is the whole name.
        let base = URL(filePath: "/" + fileName).deletingPathExtension().lastPathComponent
        return base.removingPercentEncoding
    }
}
