import Foundation

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
