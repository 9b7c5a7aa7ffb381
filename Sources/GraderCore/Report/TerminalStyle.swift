/// ANSI styling, on only when writing to a terminal without `NO_COLOR`.
public struct TerminalStyle: Sendable {
    public var colors: Bool

    public init(colors: Bool) {
        self.colors = colors
    }

    public func green(_ text: String) -> String { wrap(text, "32") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }
    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func italic(_ text: String) -> String { wrap(text, "3") }
    public func underline(_ text: String) -> String { wrap(text, "4") }

    private func wrap(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The columns `text` takes on a terminal: its styling's escape sequences take none, a wide
    /// character (Chinese, most emoji) takes two.
    public static func columns(of text: String) -> Int {
        var columns = 0
        var escape = false
        for character in text {
            if escape {
                // A sequence ends at its final letter: `ESC [ 1 m`.
                if character.isLetter { escape = false }
                continue
            }
            if character == "\u{1B}" {
                escape = true
                continue
            }
            columns += Self.columns(of: character)
        }
        return columns
    }

    /// 0 for a control character, 2 for a wide one, else 1.
    static func columns(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return 0 }
        if scalar.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
