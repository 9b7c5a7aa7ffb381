import Foundation

/// A size written `64MiB`, `1GiB`, `512KiB`, `1000B` or a plain number of bytes (units up to
/// `TiB` and `TB`).
///
/// A size too large for `Int` is kept as `Int.max`, so that the field's own bound (see
/// ``FieldBounds``) reports it, with the text as written.
struct ByteCount: Decodable, Hashable {
    var bytes: Int
    /// The value as the file writes it, for messages.
    var written: String

    private static let units: [(String, Double)] = [
        ("TiB", 0x1p40), ("GiB", 0x1p30), ("MiB", 0x1p20), ("KiB", 0x1p10), ("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("KB", 1e3), ("B", 1),
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
        written = text
    }

    /// The number of bytes `text` says: an integer, or a decimal number with a unit; nil for
    /// anything else (`nan`, `inf`, `0x10`, a negative number). At least `Int.max`, saturated.
    static func parse(_ text: String) -> Int? {
        if let plain = Int(text) { return plain }
        var number = text
        var factor = 1.0
        if let (suffix, unit) = units.first(where: { text.hasSuffix($0.0) }) {
            number = String(text.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            factor = unit
        } else if !text.isEmpty, text.allSatisfy(\.isASCIIDigit) {
            return Int.max // Digits alone, too many for an Int.
        } else {
            return nil
        }
        guard let value = decimal(number) else { return nil }
        let bytes = value * factor
        return bytes < 0x1p63 ? Int(bytes) : Int.max
    }

    /// A finite, non-negative decimal number (`12`, `1.5`, `2e3`); nil for `nan`, `inf`, hexadecimal.
    static func decimal(_ text: String) -> Double? {
        guard let first = text.first, first.isASCIIDigit || first == ".",
              text.allSatisfy({ $0.isASCIIDigit || ".eE+-".contains($0) }),
              let value = Double(text), value.isFinite, value >= 0 else { return nil }
        return value
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
