import Foundation
import Yams

/// Decodes a composed YAML document the way Yams' `YAMLDecoder` decodes it with its default
/// resolver, keys made plain scalars, for the course's files.
///
/// Yams finds a mapping's field by comparing each key, text and tag, with a probe node whose tag
/// it resolves by trying its resolver's regular expressions, once per field read; with the merged
/// keys (`<<`) copied out again for every mapping it opens, that was most of what loading the
/// course cost (`grader list` took 1.2 s of a debug build's 2.3 processor-s). Here a field is
/// found by its text alone: the last of the mapping's keys with that text, after the pairs of the
/// mappings it merges (so a quoted key such as `"001"` is found as the field `001`). A scalar's
/// implicit tag is resolved by Yams' default resolver once per distinct text (``TagNames``), and
/// made by its type's `ScalarConstructible` as in Yams; the errors are Yams' (the same kinds,
/// types and paths). Anchors are not recorded: the course's types do not ask for them.
struct YAMLNodeDecoder: Decoder {
    let node: Node
    let codingPath: [CodingKey]
    private let tags: TagNames
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ node: Node) {
        self.init(node, codingPath: [], tags: TagNames())
    }

    private init(_ node: Node, codingPath: [CodingKey], tags: TagNames) {
        self.node = node
        self.codingPath = codingPath
        self.tags = tags
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let constructible = type as? ScalarConstructible.Type {
            guard case .scalar(let written) = node else { throw Self.typeMismatch(at: codingPath, expecting: Node.Scalar.self, found: node) }
            let scalar = tags.resolved(written)
            guard let constructed = constructible.construct(from: scalar) else {
                throw Self.typeMismatch(at: codingPath, expecting: constructible, found: scalar)
            }
            guard let value = constructed as? T else { throw Self.typeMismatch(at: codingPath, expecting: type, found: constructed) }
            return value
        }
        return try T(from: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .mapping(let mapping) = node else { throw Self.typeMismatch(at: codingPath, expecting: Node.Mapping.self, found: node) }
        return KeyedDecodingContainer(Keyed<Key>(decoder: self, pairs: Self.merged(mapping)))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .sequence(let sequence) = node else { throw Self.typeMismatch(at: codingPath, expecting: Node.Sequence.self, found: node) }
        return Unkeyed(decoder: self, items: Array(sequence))
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { self }

    func child(_ node: Node, as key: CodingKey) -> YAMLNodeDecoder {
        YAMLNodeDecoder(node, codingPath: codingPath + [key], tags: tags)
    }

    /// A mapping's pairs with the pairs of the mappings it merges (`<<: *other`, or a list of
    /// them) first, as Yams' merge support gives them: a key of its own wins over a merged one.
    /// A quoted `"<<"` merges too, as it did when the course's keys were made plain scalars
    /// before Yams decoded them.
    static func merged(_ mapping: Node.Mapping) -> [(key: Node, value: Node)] {
        var own: [(key: Node, value: Node)] = []
        var merge: [(key: Node, value: Node)] = []
        for pair in mapping {
            guard case .scalar(let key) = pair.key, key.string == "<<" else {
                own.append((pair.key, pair.value))
                continue
            }
            switch pair.value {
            case .mapping(let other):
                merge.append(contentsOf: merged(other))
            case .sequence(let others):
                for case .mapping(let other) in others.reversed() { merge.append(contentsOf: merged(other)) }
            default:
                break
            }
        }
        return merge + own
    }

    static func typeMismatch(at path: [CodingKey], expecting type: Any.Type, found: Any) -> DecodingError {
        let found: Any.Type = {
            switch found {
            case let node as Node:
                switch node {
                case .scalar: return Node.Scalar.self
                case .mapping: return Node.Mapping.self
                case .sequence: return Node.Sequence.self
                case .alias: return Node.Alias.self
                }
            default:
                return Swift.type(of: found)
            }
        }()
        return .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(found) instead."))
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: YAMLNodeDecoder
        let pairs: [(key: Node, value: Node)]

        var codingPath: [CodingKey] { decoder.codingPath }
        var allKeys: [Key] { pairs.compactMap { $0.key.string.flatMap(Key.init(stringValue:)) } }

        func contains(_ key: Key) -> Bool { value(for: key) != nil }

        private func value(for key: CodingKey) -> Node? {
            let text = key.stringValue
            for pair in pairs.reversed() {
                if case .scalar(let scalar) = pair.key, scalar.string == text { return pair.value }
            }
            return nil
        }

        private func child(for key: CodingKey) throws -> YAMLNodeDecoder {
            guard let node = value(for: key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                                                           debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
            }
            return decoder.child(node, as: key)
        }

        func decodeNil(forKey key: Key) throws -> Bool { try child(for: key).decodeNil() }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(for: key).decode(type) }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try child(for: key).container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer { try child(for: key).unkeyedContainer() }
        func superDecoder() throws -> Decoder { try child(for: AnyCodingKey("super")) }
        func superDecoder(forKey key: Key) throws -> Decoder { try child(for: key) }
    }

    private struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: YAMLNodeDecoder
        let items: [Node]
        var currentIndex = 0

        init(decoder: YAMLNodeDecoder, items: [Node]) {
            self.decoder = decoder
            self.items = items
        }

        var codingPath: [CodingKey] { decoder.codingPath }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        private mutating func next<T>(_ type: Any.Type, _ body: (YAMLNodeDecoder) throws -> T) throws -> T {
            let key = AnyCodingKey(currentIndex)
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
            }
            let value = try body(decoder.child(items[currentIndex], as: key))
            currentIndex += 1
            return value
        }

        mutating func decodeNil() throws -> Bool { try next(Any?.self) { $0.decodeNil() } }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(T.self) { try $0.decode(type) } }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
        }
        mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
            try next(UnkeyedDecodingContainer.self) { try $0.unkeyedContainer() }
        }
        mutating func superDecoder() throws -> Decoder { try next(Decoder.self) { $0 } }
    }
}

extension YAMLNodeDecoder: SingleValueDecodingContainer {
    /// As in Yams, by the text of a plain scalar (`~`, `null`, nothing…), whatever its tag.
    func decodeNil() -> Bool { node.null != nil }
}

/// The tag names Yams' default resolver gives plain scalars, by their text, for one document: a
/// repeated key or value is resolved once instead of by regular expressions each time.
final class TagNames {
    private var names: [String: Tag.Name] = [:]

    /// `scalar` with its implicit tag resolved as Yams would resolve it; any other tag as it is.
    func resolved(_ scalar: Node.Scalar) -> Node.Scalar {
        guard scalar.tag.rawValue == Tag.Name.implicit.rawValue else { return scalar }
        var scalar = scalar
        let name: Tag.Name
        if scalar.style == .plain {
            if let known = names[scalar.string] {
                name = known
            } else {
                name = Resolver.default.resolveTag(of: Node.scalar(scalar))
                names[scalar.string] = name
            }
        } else {
            name = Resolver.default.resolveTag(of: Node.scalar(scalar))
        }
        scalar.tag = scalar.tag.copy(with: name)
        return scalar
    }
}
