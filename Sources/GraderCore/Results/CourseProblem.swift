/// A defect in the course's files: a YAML file that does not parse, a missing file, a field
/// with a wrong value. Problems are collected, not thrown one by one, so that `grader verify`
/// lists them all in one run.
public struct CourseProblem: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The file, relative to the course root.
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// The field, such as `cases[2].steps[0].expect`, when the problem is about one.
    public var field: String?
    /// What is wrong and what to do about it.
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, field: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.message = message
    }

    /// `file:line:column: field`, where the problem is, without its message.
    public var place: String {
        var place = file
        if let line { place += ":\(line)" }
        if let line, line > 0, let column { place += ":\(column)" }
        return field.map { "\(place): \($0)" } ?? place
    }

    /// `file:line:column: field: message`, the shape editors and terminals turn into links.
    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let line, line > 0, let column { location += ":\(column)" }
        if let field { return "\(location): \(field): \(message)" }
        return "\(location): \(message)"
    }
}
