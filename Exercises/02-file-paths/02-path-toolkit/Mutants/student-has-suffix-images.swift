// Mutant: recognises pictures with hasSuffix(".png") and friends on the lowercased path, because the student checks how the name ends, so a hidden file named ".png" counts as a picture
// Hint: A name that ends in ".png" is not always a picture: ".png" on its own is a hidden file with no extension. Check the path's extension as `URL` sees it, not how the text ends.
import Foundation

enum PathToolkit {
    static func fileExtension(of path: String) -> String {
        let url = URL(filePath: path)
        return url.pathExtension
    }

    static func baseName(of path: String) -> String {
        let url = URL(filePath: path)
        return url.deletingPathExtension().lastPathComponent
    }

    static func parent(of path: String) -> String {
        let url = URL(filePath: path)
        return url.deletingLastPathComponent().path
    }

    static func join(_ folder: String, _ components: [String]) -> String {
        components.reduce(URL(filePath: folder)) { $0.appending(path: $1) }.path
    }

    static func isImage(_ path: String) -> Bool {
        let lower = path.lowercased()
        for ending in [".png", ".jpg", ".jpeg", ".heic", ".gif"] where lower.hasSuffix(ending) {
            return true
        }
        return false
    }

    static func fileName(forTitle title: String, extension pathExtension: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return title.addingPercentEncoding(withAllowedCharacters: allowed)! + "." + pathExtension
    }

    static func title(fromFileName fileName: String) -> String? {
        let name = URL(filePath: "/").appending(path: fileName).deletingPathExtension().lastPathComponent
        return name.removingPercentEncoding
    }
}
