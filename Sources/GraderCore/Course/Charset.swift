import Foundation

/// Named character sets for string generators.
enum Charset: String, CaseIterable {
    case ascii, letters, digits, alphanumeric, unicode, filename
    /// Where text breaks code: a few letters in both cases, spaces, SQL's wildcards and quotes,
    /// a backslash, accented and composed letters, an emoji; every character equally likely, so
    /// most strings of a few characters hold one.
    case tricky

    var characters: [String] {
        func range(_ from: Character, _ to: Character) -> [String] {
            (from.unicodeScalars.first!.value...to.unicodeScalars.first!.value)
                .compactMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        switch self {
        case .ascii: return range(" ", "~")
        case .letters: return range("a", "z") + range("A", "Z")
        case .digits: return range("0", "9")
        case .alphanumeric: return range("a", "z") + range("A", "Z") + range("0", "9")
        case .filename: return range("a", "z") + range("A", "Z") + range("0", "9") + [" ", "-", "_", ".", "é", "ñ", "ü"]
        case .tricky:
            return ["a", "b", "A", "B", " ", "%", "_", "'", "\"", "\\", ";", "é", "e\u{0301}", "Ñ", "ß", "🙂"]
        case .unicode:
            return range(" ", "~") + ["é", "ñ", "ü", "ß", "ø", "Ω", "π", "я", "中", "文", "日", "本", "🙂", "🚗", "👩‍💻", "\u{0301}", "\n", "\t"]
        }
    }
}
