import Foundation
import Yams

/// A parsed YAML file that knows where each of its nodes is, so that every problem found in it
/// can name the file, line, column and field.
///
/// Yams reports positions for syntax errors only; for everything else (a wrong type, a missing
/// or unknown field, a value the validator rejects) the document walks its composed nodes
/// along the coding path and takes the node's mark.
struct YAMLDocument {
    /// The path shown in problems, relative to the course root.
    let displayPath: String
    let root: Node
    /// The file's bytes exactly as parsed, for the hash a result records of its cases.
    let contents: Data

    /// Reads and parses a YAML file.
    /// - Throws: ``CourseProblem`` when the file is missing or is not valid YAML.
    init(contentsOf url: URL, displayPath: String) throws {
        self.displayPath = displayPath
        let file = try CourseText(contentsOf: url, displayPath: displayPath)
        let text = file.text
        contents = file.bytes
        let scan = AliasScan(text)
        if scan.aliasKeys, let aliasKey = Self.aliasKeyProblem(in: text, file: displayPath) { throw aliasKey }
        do {
            // Composed without resolving tags (`.basic`: every plain scalar is text, so duplicate
            // keys are found by their text, as fields are); ``YAMLNodeDecoder`` resolves the tags
            // of the values it reads.
            guard let node = try Yams.compose(yaml: text, .basic) else {
                throw CourseProblem(file: displayPath, line: 1, column: 1, message: "the file is empty")
            }
            root = node
        } catch let error as YamlError {
            throw Self.problem(from: error, file: displayPath)
        }
        if scan.aliases, let tooLarge = Self.expansionProblem(root, file: displayPath) { throw tooLarge }
    }

    /// Decodes the whole document into a file type.
    /// - Throws: ``CourseProblem`` located at the offending field.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try YAMLNodeDecoder(root).decode(type)
        } catch let error as DecodingError {
            throw problem(from: error)
        } catch let error as YamlError {
            throw CourseProblem(file: displayPath, line: root.mark?.line, column: root.mark?.column, message: "invalid YAML: \(error)")
        }
    }

    /// A problem located at the node reached by `path`.
    func problem(at path: [CodingKey], _ message: String) -> CourseProblem {
        let mark = location(of: path)
        return CourseProblem(file: displayPath, line: mark?.line, column: mark?.column,
                             field: Self.fieldName(path), message: message)
    }

    /// The position of the node at `path`, or of its deepest existing ancestor. When the
    /// last component names a mapping key, the key's own position is returned.
    func location(of path: [CodingKey]) -> Mark? {
        var node = root
        var mark = root.mark
        for key in path {
            switch node {
            case .mapping(let mapping):
                guard let pair = mapping.first(where: { $0.key.string == key.stringValue }) else { return mark }
                mark = pair.key.mark ?? pair.value.mark
                node = pair.value
            case .sequence(let sequence):
                guard let index = key.intValue, index >= 0, index < sequence.count else { return mark }
                node = sequence[index]
                mark = node.mark
            default:
                return mark
            }
        }
        return mark
    }

    /// Renders a coding path as `cases[2].steps[0].expect`.
    static func fieldName(_ path: [CodingKey]) -> String? {
        guard !path.isEmpty else { return nil }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private func problem(from error: DecodingError) -> CourseProblem {
        switch error {
        case .keyNotFound(let key, let context):
            return problem(at: context.codingPath, "missing required field '\(key.stringValue)'")
        case .typeMismatch(let type, let context):
            return problem(at: context.codingPath, "expected \(Self.describe(type))")
        case .valueNotFound(let type, let context):
            return problem(at: context.codingPath, "expected \(Self.describe(type)), found nothing")
        case .dataCorrupted(let context):
            return problem(at: context.codingPath, context.debugDescription)
        @unknown default:
            return CourseProblem(file: displayPath, message: "\(error)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "a whole number"
        case is Double.Type: return "a number"
        case is Bool.Type: return "true or false"
        case is [Any].Type: return "a list"
        case is [String: Any].Type: return "a mapping"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array<") { return "a list" }
            if name.hasPrefix("Dictionary<") { return "a mapping" }
            return "a mapping of \(name.replacingOccurrences(of: "File", with: "").lowercased()) fields"
        }
    }

    /// A problem for what Yams found wrong in `file`, with its line and column: a syntax error
    /// carries them, a character libyaml refuses (a control character) its byte offset, and a
    /// key written twice the position of its first occurrence.
    static func problem(from error: YamlError, file path: String) -> CourseProblem {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { "\($0.text) " } ?? ""
            return CourseProblem(file: path, line: mark.line, column: mark.column,
                                 message: "invalid YAML: \(detail)\(problem)")
        case .reader(let problem, let offset, let value, let yaml):
            let (line, column) = CourseText.location(ofByte: offset ?? 0, in: Data(yaml.utf8))
            let character = value >= 0 ? String(format: " (U+%04X)", value) : ""
            return CourseProblem(file: path, line: line, column: column,
                                 message: "invalid YAML: \(problem)\(character) at byte \(offset ?? 0)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
            return CourseProblem(file: path, line: context.mark.line, column: context.mark.column,
                                 message: "invalid YAML: \(keys) written twice in one mapping (first here); keep one")
        default:
            return CourseProblem(file: path, line: 1, column: 1, message: "invalid YAML: \(error)")
        }
    }

}
