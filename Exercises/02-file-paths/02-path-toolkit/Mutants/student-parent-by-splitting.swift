// Mutant: finds the parent by splitting the path on "/" and dropping the last piece, because the student thinks a path is just text, so a path that ends with a slash (or holds two in a row) gives the wrong parent
// Hint: A path is more than text between slashes: a trailing slash, or two slashes in a row, does not start a new component. Check the parent of a folder path that ends in "/", or let `URL` take the path apart.
import Foundation

enum PathToolkit {
    static func fileExtension(of path: String) -> String {
        URL(filePath: path).pathExtension
    }

    static func baseName(of path: String) -> String {
        URL(filePath: path).deletingPathExtension().lastPathComponent
    }

    static func parent(of path: String) -> String {
        var pieces = path.components(separatedBy: "/")
        pieces.removeLast()
        let joined = pieces.joined(separator: "/")
        return joined.isEmpty ? "/" : joined
    }

    static func join(_ folder: String, _ components: [String]) -> String {
        var url = URL(filePath: folder)
        for component in components {
            url = url.appending(path: component)
        }
        return url.path
    }

    static func isImage(_ path: String) -> Bool {
        ["png", "jpg", "jpeg", "heic", "gif"].contains(fileExtension(of: path).lowercased())
    }

    static func fileName(forTitle title: String, extension pathExtension: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/")
        let safe = title.addingPercentEncoding(withAllowedCharacters: allowed) ?? title
        return "\(safe).\(pathExtension)"
    }

    static func title(fromFileName fileName: String) -> String? {
        URL(filePath: "/" + fileName).deletingPathExtension().lastPathComponent.removingPercentEncoding
    }
}
