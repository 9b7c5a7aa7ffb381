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
