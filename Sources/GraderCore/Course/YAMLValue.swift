import ExerciseKit
import Foundation
import Yams

/// A JSON value as written in a YAML course file, where a scalar's tag and quoting decide its
/// type: `"123"` stays a string and `123` is a number. The file types decode their free-form
/// values (`args`, `expect`, `equals`…) through it.
struct YAMLValue: Decodable {
    let value: JSONValue

    init(from decoder: Decoder) throws {
        if let scalar = try? decoder.singleValueContainer().decode(YAMLScalar.self) {
            value = scalar.value
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let items = try? container.decode([YAMLValue].self) {
            value = .array(items.map(\.value))
        } else {
            value = .object(try container.decode([String: YAMLValue].self).mapValues(\.value))
        }
    }
}

/// A YAML scalar read with its tag and quoting. Only the YAML decoder can produce one.
struct YAMLScalar: Decodable, ScalarConstructible {
    let value: JSONValue

    static func construct(from scalar: Node.Scalar) -> YAMLScalar? {
        switch scalar.style {
        case .singleQuoted, .doubleQuoted, .literal, .folded:
            return YAMLScalar(value: .string(scalar.string))
        default:
            break
        }
        let node = Node.scalar(scalar)
        switch Tag.Name(rawValue: node.tag.rawValue) {
        case .null: return YAMLScalar(value: .null)
        case .bool: return node.bool.map { YAMLScalar(value: .bool($0)) }
        case .int: return node.int.map { YAMLScalar(value: .int($0)) }
        case .float: return node.float.map { YAMLScalar(value: .double($0)) }
        default: return YAMLScalar(value: .string(scalar.string))
        }
    }

    private init(value: JSONValue) {
        self.value = value
    }

    init(from decoder: Decoder) throws {
        throw DecodingError.typeMismatch(YAMLScalar.self, .init(
            codingPath: decoder.codingPath, debugDescription: "not a YAML scalar"))
    }
}
