import Foundation

/// A time span written `10s`, `500ms`, `2.5s` or a plain number of seconds.
struct SecondsValue: Decodable, Hashable {
    var seconds: Double

    init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self).trimmingCharacters(in: .whitespaces)
        guard let parsed = Self.parse(text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "'\(text)' is not a duration; write it like 10s or 500ms"))
        }
        seconds = parsed
        guard seconds > 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                   debugDescription: "a duration must be positive"))
        }
    }

    static func parse(_ text: String) -> Double? {
        if text.hasSuffix("ms"), let value = Double(text.dropLast(2).trimmingCharacters(in: .whitespaces)) {
            return value / 1000
        }
        if text.hasSuffix("s"), let value = Double(text.dropLast().trimmingCharacters(in: .whitespaces)) {
            return value
        }
        return Double(text)
    }
}

/// A size written `64MiB`, `1GiB`, `512KiB`, `1000B` or a plain number of bytes.
struct ByteCount: Decodable, Hashable {
    var bytes: Int

    private static let units: [(String, Int)] = [
        ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10), ("GB", 1_000_000_000), ("MB", 1_000_000),
        ("KB", 1000), ("B", 1),
    ]

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self).trimmingCharacters(in: .whitespaces)
        guard let parsed = Self.parse(text), parsed > 0 else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "'\(text)' is not a size; write it like 64MiB, 1GiB or 4096"))
        }
        bytes = parsed
    }

    static func parse(_ text: String) -> Int? {
        if let plain = Int(text) { return plain }
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            guard let value = Double(text.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)) else {
                return nil
            }
            return Int(value * Double(factor))
        }
        return nil
    }
}
