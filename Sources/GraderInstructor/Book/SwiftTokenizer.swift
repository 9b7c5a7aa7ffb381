import Foundation

/// Splits Swift code into tokens for highlighting: keywords, type names (capitalised), string
/// literals (with the code of their interpolations tokenized as code), numbers, comments,
/// attributes and compiler directives.
///
/// Written by hand: no Swift highlighter is on the machine's package list (swift-syntax is, but
/// it would add minutes to the instructor's first build, and a lesson's blocks are fragments,
/// sometimes not even valid code). It reads text, never rejects any: an unclosed string or
/// comment runs to the end of the block, as an editor shows it.
struct SwiftTokenizer {
    /// Keywords and the modifiers that are keywords only in place (`get`, `lazy`, `weak`). `open`,
    /// `optional` and `dynamic` are left out: in the course they are names far more often.
    static let keywords: Set<String> = [
        "actor", "any", "as", "associatedtype", "async", "await", "borrowing", "break", "case", "catch", "class",
        "consuming", "continue", "convenience", "default", "defer", "deinit", "didSet", "do", "else",
        "enum", "extension", "fallthrough", "false", "fileprivate", "final", "for", "func", "get", "guard", "if",
        "import", "in", "indirect", "init", "inout", "internal", "is", "lazy", "let", "mutating", "nil",
        "nonisolated", "nonmutating", "operator", "override", "precedencegroup", "private",
        "protocol", "public", "repeat", "required", "rethrows", "return", "self", "Self", "set", "some", "static",
        "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "unowned", "var",
        "weak", "where", "while", "willSet",
    ]

    private var characters: [Character] = []
    private var index = 0
    private var output = HighlightTokens()

    static func tokens(_ code: String) -> [HighlightToken] {
        var tokenizer = SwiftTokenizer()
        tokenizer.characters = Array(code)
        tokenizer.code(untilClosingParenthesis: false)
        return tokenizer.output.tokens
    }

    private func peek(_ offset: Int = 0) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    /// Code, up to the end or, inside an interpolation, to the `)` that closes it (left unread).
    private mutating func code(untilClosingParenthesis: Bool) {
        var depth = 0
        while let character = peek() {
            switch character {
            case "(":
                depth += 1
                plain(1)
            case ")":
                if untilClosingParenthesis && depth == 0 { return }
                depth -= 1
                plain(1)
            case "/" where peek(1) == "/":
                let end = characters[index...].firstIndex(of: "\n") ?? characters.count
                emit(.comment, upTo: end)
            case "/" where peek(1) == "*":
                blockComment()
            case "\"":
                string(hashes: 0)
            case "#":
                let hashes = characters[index...].prefix { $0 == "#" }.count
                if peek(hashes) == "\"" {
                    string(hashes: hashes)
                } else if let next = peek(1), next.isLetter {
                    emit(.keyword, upTo: identifierEnd(from: index + 1))
                } else {
                    plain(1)
                }
            case "@" where peek(1).map { $0.isLetter || $0 == "_" } == true:
                emit(.attribute, upTo: identifierEnd(from: index + 1))
            case "`":
                // `default` as a name: plain, to its closing backtick on the same line.
                let rest = characters[(index + 1)...].prefix { $0 != "`" && $0 != "\n" }
                plain(1 + rest.count + (peek(1 + rest.count) == "`" ? 1 : 0))
            case _ where character.isNumber && character.isASCII:
                number()
            case _ where character.isLetter || character == "_":
                word()
            default:
                plain(1)
            }
        }
    }

    private mutating func plain(_ count: Int) {
        emit(nil, upTo: min(index + count, characters.count))
    }

    private mutating func emit(_ kind: HighlightToken.Kind?, upTo end: Int) {
        output.append(kind, characters[index..<end])
        index = end
    }

    private func identifierEnd(from start: Int) -> Int {
        var end = start
        while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
        return end
    }

    private mutating func word() {
        let end = identifierEnd(from: index)
        let word = String(characters[index..<end])
        // After a dot a word is a member (`.default`, `.init`), never a keyword.
        let previous = characters[..<index].last { $0 != " " }
        let member = previous == "." && !(index >= 2 && characters[index - 2] == ".")
        if Self.keywords.contains(word) && !member {
            emit(.keyword, upTo: end)
        } else if word.first!.isUppercase {
            emit(.type, upTo: end)
        } else {
            emit(nil, upTo: end)
        }
    }

    private mutating func number() {
        var end = index + 1
        let hex = characters[index] == "0" && (peek(1) == "x" || peek(1) == "X")
        if hex || (characters[index] == "0" && (peek(1) == "b" || peek(1) == "o")) { end += 1 }
        func digit(_ c: Character) -> Bool { c.isASCII && (hex ? c.isHexDigit : c.isNumber) || c == "_" }
        while end < characters.count {
            let c = characters[end]
            if digit(c) {
                end += 1
            } else if c == ".", end + 1 < characters.count, digit(characters[end + 1]), characters[end + 1] != "_" {
                end += 2
            } else if (hex ? c == "p" || c == "P" : c == "e" || c == "E"), end + 1 < characters.count,
                      characters[end + 1].isNumber || ((characters[end + 1] == "-" || characters[end + 1] == "+")
                                                       && end + 2 < characters.count && characters[end + 2].isNumber) {
                end += 2
            } else {
                break
            }
        }
        emit(.number, upTo: end)
    }

    private mutating func blockComment() {
        var end = index + 2
        var depth = 1
        while end < characters.count, depth > 0 {
            if characters[end] == "/", end + 1 < characters.count, characters[end + 1] == "*" {
                depth += 1
                end += 2
            } else if characters[end] == "*", end + 1 < characters.count, characters[end + 1] == "/" {
                depth -= 1
                end += 2
            } else {
                end += 1
            }
        }
        emit(.comment, upTo: min(end, characters.count))
    }

    /// A string literal (`"…"`, `"""…"""`, `#"…"#`), whose interpolations are code.
    private mutating func string(hashes: Int) {
        let start = index
        index += hashes
        let multiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
        let quote = multiline ? 3 : 1
        index += quote
        let closing = Array(repeating: Character("\""), count: quote) + Array(repeating: Character("#"), count: hashes)
        let escape = [Character("\\")] + Array(repeating: Character("#"), count: hashes)
        var pieceStart = start
        while index < characters.count {
            if !multiline && characters[index] == "\n" { break }
            if characters[index...].starts(with: closing) {
                index += closing.count
                break
            }
            if characters[index...].starts(with: escape) {
                let afterEscape = index + escape.count
                if afterEscape < characters.count, characters[afterEscape] == "(" {
                    // `\(` and its `)` belong to the string; what is between them is code.
                    output.append(.string, characters[pieceStart..<(afterEscape + 1)])
                    index = afterEscape + 1
                    code(untilClosingParenthesis: true)
                    pieceStart = index
                    if index < characters.count { index += 1 }
                    continue
                }
                index = min(afterEscape + 1, characters.count)
                continue
            }
            index += 1
        }
        output.append(.string, characters[pieceStart..<min(index, characters.count)])
    }
}
