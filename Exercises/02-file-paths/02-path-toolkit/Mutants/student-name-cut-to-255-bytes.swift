// Mutant: fileName(forTitle:extension:) cuts the encoded title so that the whole name fits in 255 bytes (NAME_MAX, "the longest file name a file system accepts"), so a long title, or a shorter one full of accents or emoji (each emoji takes 12 characters once encoded), loses its end, sometimes in the middle of an escape: the title read back is shortened, or nil
// Hint: The name is the whole encoded title and its extension, however long.
import Foundation

/// Answers about paths, and file names made from titles the user typed.
/// Every path given to these functions is absolute.
enum PathToolkit {
    private static let pictureExtensions: Set<String> = ["png", "jpg", "jpeg", "heic", "gif"]

    /// The characters a file name may keep as they are: the URL path set without "/".
    private static let fileNameCharacters: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove("/")
        return set
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
        var url = URL(filePath: folder)
        for component in components {
            // One level at a time, so that no empty level (a double slash) gets in.
            for level in component.split(separator: "/") {
                url = url.appending(path: String(level))
            }
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
        var encoded = ""
        for scalar in title.unicodeScalars {
            if fileNameCharacters.contains(scalar) {
                encoded.unicodeScalars.append(scalar)
            } else {
                // Every UTF-8 byte of the character, in upper-case hexadecimal.
                for byte in String(scalar).utf8 {
                    encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
        }
        // A file name may not be longer than 255 bytes (NAME_MAX): keep room for the extension.
        let room = max(0, 255 - 1 - pathExtension.utf8.count)
        if encoded.utf8.count > room {
            encoded = String(encoded.prefix(room))     // the encoded text is ASCII: one byte each
        }
        return encoded + "." + pathExtension
    }

    /// The title back from such a file name, or nil when the name is not valid percent encoding.
    static func title(fromFileName fileName: String) -> String? {
        if fileName.isEmpty { return "" }
        // Take the name as the last component of an absolute path, so that URL's rules for
        // extensions apply and nothing is resolved against the current directory.
        let stem = URL(filePath: "/").appending(path: fileName).deletingPathExtension().lastPathComponent
        return stem.removingPercentEncoding
    }
}

private extension String {
    /// The string with zeros in front, up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
