import Foundation

/// Where a link of the course's Markdown leads, read the same way by every view of the course
/// (the terminal's `grader lessons show` and `grader show`, the instructor's book): a web
/// address, an anchor of the page itself, or a file of the course, its relative path resolved
/// against the folder of the file the link is written in.
///
/// ```swift
/// CourseLink("../Exercises/01-defaults/01-car-settings/README.md", source: "Lessons/01-defaults.md")
/// // .file("Exercises/01-defaults/01-car-settings/README.md", fragment: nil)
/// ```
public enum CourseLink: Sendable, Equatable {
    /// An `http`, `https` or `mailto` address, as written.
    case web(String)
    /// `#fragment`: a place on the same page.
    case anchor(String)
    /// A file of the course, relative to its root, with the fragment after `#` if any.
    case file(String, fragment: String?)
    /// Anything else: an absolute path, a path that leaves the course, another scheme.
    case elsewhere(String)

    public static let webSchemes: Set<String> = ["http", "https", "mailto"]

    /// - Parameters:
    ///   - target: the link's destination as written in the Markdown.
    ///   - source: the Markdown file, relative to the course's root.
    public init(_ target: String, source: String) {
        let target = target.trimmingCharacters(in: .whitespaces)
        if let scheme = Self.scheme(of: target) {
            self = Self.webSchemes.contains(scheme.lowercased()) ? .web(target) : .elsewhere(target)
            return
        }
        let (path, fragment) = Self.split(target)
        if path.isEmpty {
            self = fragment.map(Self.anchor) ?? .elsewhere(target)
            return
        }
        guard let file = Self.resolve(path, from: source) else {
            self = .elsewhere(target)
            return
        }
        self = .file(file, fragment: fragment)
    }

    /// `https` for `https://swift.org`; nil for a relative path.
    public static func scheme(of target: String) -> String? {
        guard let colon = target.firstIndex(of: ":") else { return nil }
        let scheme = target[..<colon]
        guard let first = scheme.first, first.isLetter, first.isASCII,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }) else { return nil }
        return String(scheme)
    }

    /// The path and the fragment of a relative link, the path's percent escapes decoded.
    public static func split(_ target: String) -> (path: String, fragment: String?) {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil
        return (path.removingPercentEncoding ?? path, fragment?.isEmpty == true ? nil : fragment)
    }

    /// `path`, relative to the folder of `source`, as a path relative to the course's root
    /// without `.` or `..`; nil when it leaves the course or is absolute.
    public static func resolve(_ path: String, from source: String) -> String? {
        guard !path.hasPrefix("/") else { return nil }
        var components = source.split(separator: "/").map(String.init).dropLast()
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        return components.isEmpty ? nil : components.joined(separator: "/")
    }
}
