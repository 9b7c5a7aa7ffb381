import Foundation

/// Keeps an integer and a fractional number apart across JSON text.
///
/// JSON text has one kind of number, and Foundation's encoder writes the `Double` 3.0 as `3`,
/// which reads back as the integer 3. A value that holds a whole `Double` therefore travels
/// with the list of places where one stands, as JSON pointers (RFC 6901): `{"value": {"speed": 3},
/// "doubles": ["/speed"]}`. A fractional number such as 2.5 needs no mark. The grader and the
/// runtime both write and read the list, so what a driver returns reaches the grader with the
/// same number types; whether they count is the comparison's choice (``Operations/compareNumberTypes(of:)``).
public enum NumberTypes {
    /// The pointers of the whole `Double` values in `value`, which JSON text would turn into integers.
    public static func doublePointers(in value: JSONValue) -> [String] {
        var pointers: [String] = []
        collect(value, at: "", into: &pointers)
        return pointers
    }

    private static func collect(_ value: JSONValue, at pointer: String, into pointers: inout [String]) {
        switch value {
        case .double(let number) where number.isFinite && number == number.rounded():
            pointers.append(pointer)
        case .array(let elements):
            for (index, element) in elements.enumerated() { collect(element, at: "\(pointer)/\(index)", into: &pointers) }
        case .object(let members):
            for key in members.keys.sorted() { collect(members[key]!, at: "\(pointer)/\(escape(key))", into: &pointers) }
        default:
            break
        }
    }

    /// `value` with the integers at `pointers` made `Double`s again; a pointer that names no
    /// integer changes nothing.
    ///
    /// The pointers are gathered into a tree first and the value is walked once, so that a reply
    /// of many whole `Double`s (a list of 100,000) costs what its size costs, not its size times
    /// the number of pointers.
    public static func restoring(_ pointers: [String], in value: JSONValue) -> JSONValue {
        guard !pointers.isEmpty else { return value }
        let tree = PointerTree()
        for pointer in pointers {
            let tokens = pointer.isEmpty ? [] : pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(unescape)
            tree.insert(tokens[...])
        }
        return restore(tree, in: value)
    }

    /// The pointers to restore, by token.
    private final class PointerTree {
        var children: [String: PointerTree] = [:]
        /// A pointer ends here.
        var isEnd = false

        func insert(_ tokens: ArraySlice<String>) {
            guard let token = tokens.first else {
                isEnd = true
                return
            }
            let child = children[token] ?? PointerTree()
            children[token] = child
            child.insert(tokens.dropFirst())
        }
    }

    private static func restore(_ tree: PointerTree, in value: JSONValue) -> JSONValue {
        switch value {
        case .int(let number) where tree.isEnd:
            return .double(Double(number))
        case .array(var elements) where !tree.children.isEmpty:
            for (token, child) in tree.children {
                guard let index = Int(token), elements.indices.contains(index) else { continue }
                elements[index] = restore(child, in: elements[index])
            }
            return .array(elements)
        case .object(var members) where !tree.children.isEmpty:
            for (token, child) in tree.children {
                guard let member = members[token] else { continue }
                members[token] = restore(child, in: member)
            }
            return .object(members)
        default:
            return value
        }
    }

    private static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    private static func unescape(_ token: Substring) -> String {
        token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// The pointers at which encoding `value` writes a `Double` or `Float`: where JSON text
    /// will show a number that must read back as fractional.
    static func doublePointers<Value: Encodable>(encoding value: Value) -> [String] {
        let recorder = DoubleRecorder()
        try? value.encode(to: RecordingEncoder(recorder: recorder, codingPath: []))
        return recorder.pointers
    }

    static func pointer(_ path: [any CodingKey]) -> String {
        path.map { "/" + escape($0.stringValue) }.joined()
    }
}

/// Where a result's encoding wrote floating-point numbers.
private final class DoubleRecorder {
    var pointers: [String] = []
}

/// An encoder that writes nothing and notes the coding path of every `Double` and `Float`.
///
/// Foundation has no encoder that keeps `Double` apart from `Int` and also encodes nil (a
/// property list keeps the types but cannot hold nil), so the result is encoded twice: by
/// ``JSONEncoder/exercise`` for its value, and by this for its number types.
private struct RecordingEncoder: Encoder {
    let recorder: DoubleRecorder
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedRecorder<Key>(recorder: recorder, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedRecorder(recorder: recorder, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleRecorder(recorder: recorder, codingPath: codingPath)
    }
}

/// A position in a path that has no key of its own: an array index or `super`.
private struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}

/// Records a value at `path`: a floating-point number is noted, anything else is encoded on.
private func record<Value: Encodable>(_ value: Value, at path: [any CodingKey], in recorder: DoubleRecorder) throws {
    if value is Double || value is Float {
        recorder.pointers.append(NumberTypes.pointer(path))
    } else if !(value is Date || value is String || value is Bool || value is any BinaryInteger) {
        // JSONEncoder writes dates as text (ISO 8601), whatever they encode to.
        try value.encode(to: RecordingEncoder(recorder: recorder, codingPath: path))
    }
}

private struct SingleRecorder: SingleValueEncodingContainer {
    let recorder: DoubleRecorder
    var codingPath: [any CodingKey]
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws { try record(value, at: codingPath, in: recorder) }
}

private struct UnkeyedRecorder: UnkeyedEncodingContainer {
    let recorder: DoubleRecorder
    var codingPath: [any CodingKey]
    var count = 0

    init(recorder: DoubleRecorder, codingPath: [any CodingKey]) {
        self.recorder = recorder
        self.codingPath = codingPath
    }

    private mutating func next() -> [any CodingKey] {
        defer { count += 1 }
        return codingPath + [PathKey(intValue: count)]
    }

    mutating func encodeNil() throws { _ = next() }
    mutating func encode<T: Encodable>(_ value: T) throws { try record(value, at: next(), in: recorder) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedRecorder<NestedKey>(recorder: recorder, codingPath: next()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedRecorder(recorder: recorder, codingPath: next())
    }

    mutating func superEncoder() -> any Encoder {
        RecordingEncoder(recorder: recorder, codingPath: next())
    }
}

private struct KeyedRecorder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let recorder: DoubleRecorder
    var codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try record(value, at: codingPath + [key], in: recorder)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedRecorder<NestedKey>(recorder: recorder, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedRecorder(recorder: recorder, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        RecordingEncoder(recorder: recorder, codingPath: codingPath + [PathKey(stringValue: "super")])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        RecordingEncoder(recorder: recorder, codingPath: codingPath + [key])
    }
}
