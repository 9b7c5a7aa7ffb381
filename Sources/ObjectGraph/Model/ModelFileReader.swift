import Foundation
import Yams

/// Reads a model file's YAML into ``ModelFile``'s definitions, collecting every problem.
///
/// It walks Yams' composed nodes rather than decoding `Decodable` types: a decoder keeps
/// mappings in Swift dictionaries, which lose the order of entities and properties, and it
/// stops at the first error, where a model file reports all of them. Each node carries its
/// `mark`, so every problem names its line, column and field path.
struct ModelFileReader {
    /// The file as problems name it.
    let path: String
    private(set) var problems: [ModelFileProblem] = []

    struct Contents {
        var versions: [ModelFile.Version] = []
        var current: String?
    }

    /// A pair of a mapping: the key's text and node, the value, and the field path of the value.
    struct Entry {
        let key: String
        let keyNode: Node
        let value: Node
        let field: String

        var location: ModelFile.Location { ModelFile.Location(mark: keyNode.mark, field: field) }
    }

    init(path: String) {
        self.path = path
    }

    /// The file's versions, as far as they could be read; ``problems`` lists what could not.
    mutating func read(_ text: String) -> Contents {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                report(nil, nil, "the file is empty; a model file starts with `format: 1` and lists `versions:`")
                return Contents()
            }
            root = node
        } catch let error as YamlError {
            problems.append(syntaxProblem(error))
            return Contents()
        } catch {
            report(nil, nil, "invalid YAML: \(error)")
            return Contents()
        }
        guard let entries = mapping(root, field: "", expected: "a mapping with `format: 1` and `versions:`") else {
            return Contents()
        }
        checkKeys(entries, known: ["format", "current", "versions", "entities"])

        if let format = entries.first(where: { $0.key == "format" }) {
            if let number = integer(format.value, field: format.field), number != 1 {
                report(format.value.mark, format.field, "unknown format \(number); this version of ObjectGraph reads format 1")
            }
        } else {
            report(root.mark, nil, "missing required field \"format\"; add `format: 1` at the top")
        }

        var contents = Contents()
        let versions = entries.first { $0.key == "versions" }
        let entities = entries.first { $0.key == "entities" }
        if let versions {
            if let entities {
                report(entities.keyNode.mark, entities.field,
                       "a file lists either versions: or entities:, not both; move these entities into a version")
            }
            if let list = mapping(versions.value, field: versions.field, expected: "a mapping of version names to entities") {
                if list.isEmpty {
                    report(versions.keyNode.mark, versions.field, "lists no version; add one, such as `v1:` with its entities")
                }
                contents.versions = list.compactMap { readVersion($0.key, $0) }
            }
        } else if let entities {
            contents.versions = [readVersion("1", entities)].compactMap { $0 }
        } else {
            report(root.mark, nil, "missing required field \"versions\" (or \"entities\" for a file with a single version)")
        }

        if let current = entries.first(where: { $0.key == "current" }),
            let name = self.text(current.value, field: current.field, expected: "a version's name")
        {
            let names = contents.versions.map(\.name)
            if names.contains(name) {
                contents.current = name
            } else if !names.isEmpty {
                report(current.value.mark, current.field,
                       "there is no version \"\(name)\"; expected one of \(names.joined(separator: ", "))")
            }
        }
        return contents
    }

    private mutating func readVersion(_ name: String, _ entry: Entry) -> ModelFile.Version? {
        guard let list = mapping(entry.value, field: entry.field, expected: "a mapping of entity names to entities") else {
            return nil
        }
        var version = ModelFile.Version(name: name, location: entry.location)
        for item in list {
            version.entities.append(readEntity(item))
        }
        return version
    }

    private mutating func readEntity(_ entry: Entry) -> ModelFile.Entity {
        var entity = ModelFile.Entity(name: entry.key, location: entry.location)
        // `Person:` with nothing under it is an entity without properties, as Xcode allows.
        let fields = mapping(entry.value, field: entry.field, expected: "a mapping with attributes: and relationships:", allowNull: true) ?? []
        checkKeys(fields, known: ["class", "renaming_id", "attributes", "relationships"])
        for field in fields {
            switch field.key {
            case "class":
                entity.className = text(field.value, field: field.field, expected: "a Swift class name")
            case "renaming_id":
                entity.renamingIdentifier = text(field.value, field: field.field, expected: "the entity's previous name")
            case "attributes":
                let list = mapping(field.value, field: field.field, expected: "a mapping of attribute names to types", allowNull: true) ?? []
                entity.properties += list.compactMap { readAttribute($0).map(ModelFile.Property.attribute) }
            case "relationships":
                let list = mapping(field.value, field: field.field, expected: "a mapping of relationship names to relationships", allowNull: true) ?? []
                entity.properties += list.compactMap { readRelationship($0).map(ModelFile.Property.relationship) }
            default:
                break
            }
        }
        return entity
    }

    // MARK: - Nodes

    mutating func report(_ mark: Mark?, _ field: String?, _ message: String) {
        problems.append(ModelFileProblem(file: path, mark: mark, field: field, message: message))
    }

    /// The pairs of a mapping, in the file's order, or nil (reported) when `node` is not one.
    mutating func mapping(_ node: Node, field: String, expected: String, allowNull: Bool = false) -> [Entry]? {
        if allowNull, isNull(node) { return [] }
        guard case .mapping(let mapping) = node else {
            report(node.mark, field.isEmpty ? nil : field, "expected \(expected), found \(describe(node))")
            return nil
        }
        var entries: [Entry] = []
        for pair in mapping {
            guard case .scalar(let key) = pair.key, !key.string.isEmpty else {
                report(pair.key.mark, field.isEmpty ? nil : field, "a key must be a name, found \(describe(pair.key))")
                continue
            }
            let path = field.isEmpty ? key.string : "\(field).\(key.string)"
            entries.append(Entry(key: key.string, keyNode: pair.key, value: pair.value, field: path))
        }
        return entries
    }

    /// Reports the keys of `entries` that `known` does not list, suggesting the nearest one.
    mutating func checkKeys(_ entries: [Entry], known: [String]) {
        for entry in entries where !known.contains(entry.key) {
            let nearest = known.map { ($0, Self.distance($0, entry.key)) }.min { $0.1 < $1.1 }
            let hint = nearest.flatMap { $0.1 <= 2 ? " (did you mean \"\($0.0)\"?)" : nil } ?? ""
            report(entry.keyNode.mark, entry.field,
                   "unknown field \"\(entry.key)\"\(hint); expected one of \(known.joined(separator: ", "))")
        }
    }

    /// A scalar as YAML types it: quoted text stays text, so that `"18"` is never a number.
    enum ScalarValue {
        case null, bool(Bool), int(Int), double(Double), text(String)
    }

    func scalarValue(_ node: Node) -> ScalarValue? {
        guard case .scalar(let scalar) = node else { return nil }
        switch scalar.style {
        case .singleQuoted, .doubleQuoted, .literal, .folded: return .text(scalar.string)
        default: break
        }
        switch Tag.Name(rawValue: node.tag.rawValue) {
        case .null: return .null
        case .bool: return node.bool.map(ScalarValue.bool) ?? .text(scalar.string)
        case .int: return node.int.map(ScalarValue.int) ?? .text(scalar.string)
        case .float: return node.float.map(ScalarValue.double) ?? .text(scalar.string)
        default: return .text(scalar.string)
        }
    }

    func isNull(_ node: Node) -> Bool {
        if case .null? = scalarValue(node) { return true }
        return false
    }

    /// How a problem names what it found instead.
    func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            if isNull(node) { return "nothing" }
            return "\"\(scalar.string)\""
        }
    }

    /// A scalar's text: any value but null, a mapping or a list.
    mutating func text(_ node: Node, field: String, expected: String) -> String? {
        switch scalarValue(node) {
        case .text(let text)?: return text
        case .bool, .int, .double:
            if case .scalar(let scalar) = node { return scalar.string }
        default: break
        }
        report(node.mark, field, "expected \(expected), found \(describe(node))")
        return nil
    }

    mutating func bool(_ node: Node, field: String) -> Bool? {
        if case .bool(let value)? = scalarValue(node) { return value }
        report(node.mark, field, "expected true or false, found \(describe(node))")
        return nil
    }

    mutating func integer(_ node: Node, field: String) -> Int? {
        if case .int(let value)? = scalarValue(node) { return value }
        report(node.mark, field, "expected a whole number, found \(describe(node))")
        return nil
    }

    mutating func number(_ node: Node, field: String) -> Double? {
        switch scalarValue(node) {
        case .int(let value)?: return Double(value)
        case .double(let value)?: return value
        default:
            report(node.mark, field, "expected a number, found \(describe(node))")
            return nil
        }
    }

    /// A date in ISO 8601: `2024-01-31T12:00:00Z`, with fractional seconds, or a day `2024-01-31`.
    mutating func date(_ node: Node, field: String) -> Date? {
        if case .text(let text)? = scalarValue(node) {
            for options: ISO8601DateFormatter.Options in [
                [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate],
            ] {
                let formatter = ISO8601DateFormatter()
                formatter.formatOptions = options
                if let date = formatter.date(from: text) { return date }
            }
        }
        report(node.mark, field, "expected an ISO 8601 date such as 2024-01-31T12:00:00Z, found \(describe(node))")
        return nil
    }

    private func syntaxProblem(_ error: YamlError) -> ModelFileProblem {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { "\($0.text) " } ?? ""
            return ModelFileProblem(file: path, mark: mark, field: nil, message: "invalid YAML: \(detail)\(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "\"\($0)\"" }.joined(separator: ", ")
            return ModelFileProblem(file: path, mark: context.mark, field: nil,
                                    message: "\(keys) appears more than once in the same mapping; keep one")
        default:
            return ModelFileProblem(file: path, mark: nil, field: nil, message: "invalid YAML: \(error)")
        }
    }

    /// The edit distance between two short names, for "did you mean" hints.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}
