// Mutant: reads the title back as everything before the first dot of the file name, because the student assumes a name has one dot, so "Trip%20plan.v2.md" gives "Trip plan"
// Hint: A title may contain dots of its own, so only the last dot of the file name starts the extension. Check that a title with a dot in it comes back whole.
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
        var result = URL(filePath: folder)
        components.forEach { result.append(path: $0) }
        return result.path
    }

    static func isImage(_ path: String) -> Bool {
        switch fileExtension(of: path).lowercased() {
        case "png", "jpg", "jpeg", "heic", "gif": return true
        default: return false
        }
    }

    static func fileName(forTitle title: String, extension pathExtension: String) -> String {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))
        let encoded = title.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        return encoded + "." + pathExtension
    }

    static func title(fromFileName fileName: String) -> String? {
        let stem = fileName.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(stem).removingPercentEncoding
    }
}
