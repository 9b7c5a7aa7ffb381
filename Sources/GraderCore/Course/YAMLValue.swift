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
            // Values travel as JSON, which has no NaN or infinity: an encoder would fail on them
            // at the first request or report that holds one.
            if case .double(let number) = scalar.value, !number.isFinite {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath,
                    debugDescription: "'\(number)' is not a JSON number (JSON has no NaN or infinity); quote it if it is text"))
            }
            value = scalar.value
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if var list = try? decoder.unkeyedContainer() {
            // A sequence: its items' own problems surface with their index.
            var items: [JSONValue] = []
            while !list.isAtEnd { items.append(try list.decode(YAMLValue.self).value) }
            value = .array(items)
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
