import Foundation

/// A piece of code and what it is: the unit of the book's syntax highlighting. A tokenizer's
/// tokens, joined, give back its input exactly.
struct HighlightToken: Equatable {
    /// What a piece of code is; each is a CSS class of the book's style sheet (`hl-keyword`…).
    enum Kind: String {
        case keyword, type, string, number, comment, attribute
        /// A YAML mapping's key.
        case key
        /// A shell variable, a SQL parameter.
        case variable
    }

    /// Nil for plain code: names, operators, spaces.
    var kind: Kind?
    var text: String

    init(_ kind: Kind?, _ text: String) {
        self.kind = kind
        self.text = text
    }
}

/// Tokens as they are made: plain characters one at a time, merged with the plain text before them.
struct HighlightTokens {
    private(set) var tokens: [HighlightToken] = []

    mutating func append(_ kind: HighlightToken.Kind?, _ text: String) {
        guard !text.isEmpty else { return }
        if let last = tokens.last, last.kind == kind, kind == nil || kind == .string || kind == .comment {
            tokens[tokens.count - 1].text += text
        } else {
            tokens.append(HighlightToken(kind, text))
        }
    }

    mutating func append(_ kind: HighlightToken.Kind?, _ characters: ArraySlice<Character>) {
        append(kind, String(characters))
    }
}
