import Foundation
import Yams

/// A YAML scalar read with its tag and quoting, so that `"123"` stays a string and `123` is a
/// number. Only the YAML decoder can produce one; other decoders fail and fall back.
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
