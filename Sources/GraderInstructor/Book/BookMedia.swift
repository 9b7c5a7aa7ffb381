import Foundation

/// The images the course's Markdown shows, copied into the book's `media/` folder under their
/// path in the course. Only image files are taken, and never from an exercise's `Reference/`
/// or `Mutants/`: a Markdown file cannot make the book publish a reference.
final class BookMedia {
    static let folder = "media"
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "webp"]

    let courseRoot: URL
    /// The course files to copy (relative to the course's root), in the order first shown.
    private(set) var files: [String] = []

    init(courseRoot: URL) {
        self.courseRoot = courseRoot
    }

    /// The book's path for the course's image `file` (relative to the course's root), which
    /// will be copied there; nil when it is not an image file of the course that may be shown.
    func place(_ file: String) -> String? {
        let components = file.split(separator: "/")
        guard !components.contains("Reference"), !components.contains("Mutants"), !components.contains(where: { $0.hasPrefix(".") }),
              Self.imageExtensions.contains(URL(fileURLWithPath: file).pathExtension.lowercased()) else { return nil }
        let url = courseRoot.appendingPathComponent(file)
        // A regular file inside the course, not a link that could lead out of it.
        guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey]),
              values.isRegularFile == true, values.isSymbolicLink != true else { return nil }
        if !files.contains(file) { files.append(file) }
        return "\(Self.folder)/\(file)"
    }
}
