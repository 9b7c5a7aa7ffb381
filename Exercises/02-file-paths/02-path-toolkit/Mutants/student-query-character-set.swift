// Mutant: titles are encoded with the URL query character set, which leaves `?` unencoded
// Hint: Compare the character set you start from with the one the statement names, and encode a title holding `?` with each.
import Foundation

enum PathToolkit {
    static func fileExtension(of path: String) -> String {
        URL(filePath: path).pathExtension
    }

    static func baseName(of path: String) -> String {
        URL(filePath: path).deletingPathExtension().lastPathComponent
    }

    static func parent(of path: String) -> String {
        URL(filePath: path).deletingLastPathComponent().path
    }

    static func join(_ folder: String, _ components: [String]) -> String {
        var url = URL(filePath: folder)
        for component in components {
            for piece in component.split(separator: "/") {
                url = url.appending(path: String(piece))
            }
        }
        return url.path
    }

    static func isImage(_ path: String) -> Bool {
        let imageExtensions = ["png", "jpg", "jpeg", "heic", "gif"]
        return imageExtensions.contains(URL(filePath: path).pathExtension.lowercased())
    }

    static func fileName(forTitle title: String, extension pathExtension: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove("/")
        let encoded = title.addingPercentEncoding(withAllowedCharacters: allowed) ?? title
        return encoded + "." + pathExtension
    }

    static func title(fromFileName fileName: String) -> String? {
        var stem = fileName
        if let dot = fileName.lastIndex(of: "."),
           dot != fileName.startIndex,
           fileName.index(after: dot) != fileName.endIndex {
            stem = String(fileName[..<dot])
        }
        return stem.removingPercentEncoding
    }
}
