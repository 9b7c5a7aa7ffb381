// Mutant: fileExtension(of:) (and so isImage) uses NSString's pathExtension instead of URL's, and the two disagree on names whose part before the last dot is only dots: NSString gives "txt" for "..txt" and "_x" for ".._x" where URL (and baseName, which keeps "..txt" whole) finds no extension
// Hint: Take the extension from URL(filePath:), as the statement asks: NSString's pathExtension disagrees with URL on names whose part before the last dot is only dots.
import Foundation

/// Answers about paths, and file names made from titles the user typed.
/// Every path given to these functions is absolute.
enum PathToolkit {
    /// The characters a title keeps in its file name: those allowed in a URL path, except the
    /// slash, which would start a subfolder.
    private static let fileNameCharacters: CharacterSet = {
        var characters = CharacterSet.urlPathAllowed
        characters.remove("/")
        return characters
    }()

    private static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "heic", "gif"]

    private static func fileURL(_ path: String) -> URL {
        URL(filePath: path)
    }

    /// The extension of the last component, as it is written ("" when there is none).
    static func fileExtension(of path: String) -> String {
        // NSString's pathExtension does the same job on a plain path (only its
        // deletingLastPathComponent has the Linux crash).
        (path as NSString).pathExtension
    }

    /// The last component without its extension.
    static func baseName(of path: String) -> String {
        // A trailing slash is no component; the root's last component is "/".
        fileURL(path).deletingPathExtension().lastPathComponent
    }

    /// The folder that holds the item; the root's parent is the root.
    static func parent(of path: String) -> String {
        // `path` (not `path()`) gives the plain path without a trailing slash.
        fileURL(path).deletingLastPathComponent().path
    }

    /// `folder` followed by each component in turn; a component may hold several levels.
    static func join(_ folder: String, _ components: [String]) -> String {
        // Every level of the folder and of each component, in order; empty levels (from a
        // trailing, leading or doubled slash) are dropped, so no "//" can appear.
        let levels = ([folder] + components)
            .flatMap { $0.split(separator: "/", omittingEmptySubsequences: true) }
        return "/" + levels.joined(separator: "/")
    }

    /// Whether the path names a picture (png, jpg, jpeg, heic or gif), whatever the case of
    /// its extension.
    static func isImage(_ path: String) -> Bool {
        imageExtensions.contains(fileExtension(of: path).lowercased())
    }

    /// A file name for a document titled `title`: the percent-encoded title plus `.extension`.
    static func fileName(forTitle title: String, extension pathExtension: String) -> String {
        // Never nil for a Swift string: every character outside the set is written as its
        // UTF-8 bytes, %XX in upper-case hexadecimal.
        let encoded = title.addingPercentEncoding(withAllowedCharacters: fileNameCharacters) ?? title
        return encoded + "." + pathExtension
    }

    /// The title back from such a file name, or nil when the name is not valid percent encoding.
    static func title(fromFileName fileName: String) -> String? {
        // The name goes under "/" so that URL sees one component and nothing else: on Linux a
        // leading "~" in a relative path would be read as the home folder.
        let stem = URL(filePath: "/" + fileName).deletingPathExtension().lastPathComponent
        return stem.removingPercentEncoding
    }
}
