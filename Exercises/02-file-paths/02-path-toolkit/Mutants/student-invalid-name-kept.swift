// Mutant: a file name that is not valid percent encoding gives back the raw name instead of nil
// Hint: What should `100%.txt` give, and what does your fallback after decoding return?
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
        var allowed = CharacterSet.urlPathAllowed
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
        // A name the app did not encode itself is shown as it is.
        return stem.removingPercentEncoding ?? stem
    }
}
