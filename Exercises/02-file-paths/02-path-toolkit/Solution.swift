import Foundation

/// Answers about paths, and file names made from titles the user typed.
/// Every path given to these functions is absolute.
enum PathToolkit {
    /// The extension of the last component, as it is written ("" when there is none).
    static func fileExtension(of path: String) -> String {
        // TODO: turn the path into a file URL and ask it.
        ""
    }

    /// The last component without its extension.
    static func baseName(of path: String) -> String {
        // TODO
        ""
    }

    /// The folder that holds the item; the root's parent is the root.
    static func parent(of path: String) -> String {
        // TODO
        ""
    }

    /// `folder` followed by each component in turn; a component may hold several levels.
    static func join(_ folder: String, _ components: [String]) -> String {
        // TODO
        ""
    }

    /// Whether the path names a picture (png, jpg, jpeg, heic or gif), whatever the case of
    /// its extension.
    static func isImage(_ path: String) -> Bool {
        // TODO
        false
    }

    /// A file name for a document titled `title`: the percent-encoded title plus `.extension`.
    static func fileName(forTitle title: String, extension pathExtension: String) -> String {
        // TODO: encode everything outside CharacterSet.urlPathAllowed minus "/".
        title + "." + pathExtension
    }

    /// The title back from such a file name, or nil when the name is not valid percent encoding.
    static func title(fromFileName fileName: String) -> String? {
        // TODO: drop the extension, then undo the percent encoding.
        nil
    }
}
