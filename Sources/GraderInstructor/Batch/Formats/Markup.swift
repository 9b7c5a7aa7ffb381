import Foundation
import GraderCore

/// Escaping for the text the batch's formats embed: HTML, XML and Markdown.
///
/// Learner output reaches these files (what the code printed, values it returned), so every
/// piece of text is escaped where it is placed; nothing is trusted to be plain.
enum Markup {
    /// Text for an HTML element or a quoted attribute.
    static func html(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(xmlAllowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return escaped
    }

    /// Text for an XML element or a quoted attribute: as ``html(_:)``, and characters XML 1.0
    /// forbids (NUL, ESC and the other C0 controls but tab and newlines) become U+FFFD, since a
    /// program's output may hold them and no escape makes them legal.
    static func xml(_ text: String) -> String {
        html(text).replacingOccurrences(of: "&#39;", with: "&apos;")
    }

    /// An XML attribute keeps its newlines and tabs only as character references.
    static func xmlAttribute(_ text: String) -> String {
        xml(text).replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\r", with: "&#13;")
            .replacingOccurrences(of: "\t", with: "&#9;")
    }

    private static func xmlAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: return true
        case 0x0..<0x20, 0xFFFE, 0xFFFF: return false
        default: return true
        }
    }

    /// Inline Markdown text: the characters CommonMark gives a meaning are backslash-escaped,
    /// and `<` `>` `&` become entities, so a name like `<b>Zoë & "Ann"</b>` shows as written.
    static func markdownInline(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "&": escaped += "&amp;"
            case "\\", "`", "*", "_", "[", "]", "#", "|", "!", "~": escaped += "\\\(character)"
            case "\n", "\r", "\r\n": escaped += " "
            default:
                escaped += character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } ? "\u{FFFD}" : String(character)
            }
        }
        return escaped
    }

    /// A fenced Markdown code block whose fence is longer than any run of backticks inside.
    static func markdownCodeBlock(_ lines: [String]) -> [String] {
        // A program's output may hold terminal escapes and NULs: shown, never interpreted.
        let lines = lines.map { line in
            String(String.UnicodeScalarView(line.unicodeScalars.map { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F ? "\u{FFFD}" : $0 }))
        }
        let body = lines.joined(separator: "\n")
        var longest = 0, run = 0
        for character in body {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return [fence + "text"] + lines + [fence]
    }
}
