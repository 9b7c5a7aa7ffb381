import Yams

/// One defect in a model file, located at the line, column and field it is about.
///
/// A ``ModelFile`` collects every problem of a file before it throws, so that one run lists
/// them all: ``ObjectGraphError/modelFile(_:)`` carries them one per line, each as
/// `Garage.yml:12:18: versions.v1.Person.attributes.age.type: unknown type "int"; …`.
struct ModelFileProblem: Equatable, CustomStringConvertible {
    /// The file as the caller named it.
    var file: String
    /// 1-based, as editors count; nil when the problem is about the file as a whole.
    var line: Int?
    var column: Int?
    /// The field, such as `versions.v1.Person.attributes.age.type`, when the problem is about one.
    var field: String?
    /// What is wrong and what to do about it.
    var message: String

    init(file: String, mark: Mark?, field: String?, message: String) {
        self.file = file
        self.line = mark?.line
        self.column = mark?.column
        self.field = field
        self.message = message
    }

    /// `file:line:column: field: message`, the shape editors and terminals turn into links.
    var description: String {
        var location = file
        if let line, let column { location += ":\(line):\(column)" }
        if let field, !field.isEmpty { return "\(location): \(field): \(message)" }
        return "\(location): \(message)"
    }

    /// The error a list of problems is thrown as: one problem per line, in the order of the file.
    static func error(_ problems: [ModelFileProblem]) -> ObjectGraphError {
        // A stable sort keeps problems found at the same place in the order they were found.
        let ordered = problems.enumerated().sorted { a, b in
            let left = (a.element.line ?? 0, a.element.column ?? 0, a.offset)
            let right = (b.element.line ?? 0, b.element.column ?? 0, b.offset)
            return left < right
        }
        return .modelFile(ordered.map(\.element.description).joined(separator: "\n"))
    }
}
