import Foundation

/// A time span written `10s`, `500ms`, `2.5s` or a plain number of seconds: finite and positive
/// (each field bounds it further, see ``FieldBounds``).
struct SecondsValue: Decodable, Hashable {
    var seconds: Double
    /// The value as the file writes it, for messages.
    var written: String

    init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self).trimmingCharacters(in: .whitespaces)
        guard let parsed = Self.parse(text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "'\(text)' is not a duration; write it like 10s or 500ms"))
        }
        seconds = parsed
        written = text
        guard seconds > 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                   debugDescription: "a duration must be positive"))
        }
    }

    /// Seconds, or nil for anything but a finite, non-negative decimal number with `s`, `ms` or no unit.
    static func parse(_ text: String) -> Double? {
        if text.hasSuffix("ms") { return ByteCount.decimal(text.dropLast(2).trimmingCharacters(in: .whitespaces)).map { $0 / 1000 } }
        if text.hasSuffix("s") { return ByteCount.decimal(text.dropLast().trimmingCharacters(in: .whitespaces)) }
        return ByteCount.decimal(text)
    }
}
