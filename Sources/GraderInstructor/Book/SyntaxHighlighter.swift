import Foundation

/// Code as highlighted HTML, done when the book is built: each token a `<span class="hl-KIND">`
/// that the book's style sheet colours, so the pages need no script.
enum SyntaxHighlighter {
    /// The tokens of `code` in `language` (a fence's first word); nil for a language it does not
    /// highlight (`output`, `text`, `xml`…), whose code is shown as it is.
    static func tokens(_ code: String, language: String) -> [HighlightToken]? {
        switch language.lowercased() {
        case "swift": return SwiftTokenizer.tokens(code)
        case "yaml", "yml", "json": return YAMLTokenizer.tokens(code)
        case "sh", "shell", "bash", "console", "zsh": return ShellTokenizer.tokens(code)
        case "sql", "sqlite": return SQLTokenizer.tokens(code)
        default: return nil
        }
    }

    /// The HTML for the inside of a `<code>` element: every character escaped.
    static func html(_ code: String, language: String) -> String {
        guard let tokens = tokens(code, language: language) else { return Markup.html(code) }
        return tokens.map { token in
            guard let kind = token.kind else { return Markup.html(token.text) }
            return "<span class=\"hl-\(kind.rawValue)\">\(Markup.html(token.text))</span>"
        }.joined()
    }
}
