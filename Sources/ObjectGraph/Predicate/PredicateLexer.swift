import Foundation

/// A format string that does not parse: where and why.
///
/// Its description is the reason of the exception Core Data raises:
/// `Unable to parse the format string "age >" at column 6: expected a value after `>``.
public struct PredicateSyntaxError: Error, Equatable, CustomStringConvertible {
    /// The whole format string.
    public let format: String
    /// The 1-based column (in characters) of the problem; one past the end for a string that
    /// stops too early.
    public let column: Int
    /// What is wrong there.
    public let message: String

    public var description: String {
        "Unable to parse the format string \"\(format)\" at column \(column): \(message)"
    }
}

/// One token of a format string, with the column it starts at.
struct PredicateToken: Equatable {
    enum Kind: Equatable {
        /// A name or keyword (`name`, `AND`, `@count`); keywords are matched case-insensitively.
        case identifier(String)
        case string(String)
        case integer(Int64)
        case decimal(Double)
        /// `==`, `<=`, `&&`, `(`, `{`, `[`, `.`, `,`…
        case symbol(String)
        /// `%@`, `%K`, `%d`… without the percent sign.
        case specifier(String)
        case end
    }

    let kind: Kind
    let column: Int
    /// The token as written, for messages.
    let text: String

    /// The keyword this token spells, in capitals, if it is an identifier (`#and` is the key
    /// `and`, never the keyword).
    var keyword: String? {
        if case .identifier = kind, !text.hasPrefix("#") { return text.uppercased() }
        return nil
    }
}

/// Splits a format string into tokens.
struct PredicateLexer {
    private let characters: [Character]
    private let format: String
    private var index = 0

    init(format: String) {
        self.format = format
        self.characters = Array(format)
    }

    /// All tokens, ending with `.end`.
    mutating func tokens() throws -> [PredicateToken] {
        var tokens: [PredicateToken] = []
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private static let symbols = ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||", "=", "<", ">", "!", "(", ")", "{", "}", "[", "]", ",", "."]
    /// None is the start of another, so the first that matches is the one written.
    private static let specifiers = ["@", "K", "d", "i", "ld", "lld", "u", "lu", "llu", "f", "lf"]

    private func error(_ message: String, at index: Int) -> PredicateSyntaxError {
        PredicateSyntaxError(format: format, column: index + 1, message: message)
    }

    private func peek(_ offset: Int = 0) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    private mutating func next() throws -> PredicateToken {
        while let character = peek(), character.isWhitespace { index += 1 }
        let start = index
        guard let character = peek() else { return PredicateToken(kind: .end, column: start + 1, text: "") }
        func token(_ kind: PredicateToken.Kind) -> PredicateToken {
            PredicateToken(kind: kind, column: start + 1, text: String(characters[start..<index]))
        }
        if character == "\"" || character == "'" { return token(.string(try string(quote: character))) }
        if character.isNumber || (character == "-" && peek(1)?.isNumber == true) { return token(try number()) }
        if character.isLetter || character == "_" || character == "@" || character == "#" {
            if character == "#" {  // `#name` escapes a keyword used as a key
                guard let first = peek(1), first.isLetter || first == "_" else {
                    throw error("`#` must be followed by a key, as in `#and`", at: start)
                }
                index += 1
            }
            index += 1
            while let next = peek(), next.isLetter || next.isNumber || next == "_" { index += 1 }
            let name = String(characters[start..<index]).replacingOccurrences(of: "#", with: "")
            return PredicateToken(kind: .identifier(name), column: start + 1, text: String(characters[start..<index]))
        }
        if character == "%" {
            index += 1
            for specifier in Self.specifiers where matches(specifier) {
                index += specifier.count
                return token(.specifier(specifier))
            }
            throw error("unknown format specifier `%\(peek().map(String.init) ?? "")`; use %@, %K, %d or %f", at: start)
        }
        for symbol in Self.symbols where matches(symbol) {
            index += symbol.count
            return token(.symbol(symbol))
        }
        throw error("unexpected character `\(character)`", at: start)
    }

    private func matches(_ text: String) -> Bool {
        for (offset, character) in text.enumerated() where peek(offset) != character { return false }
        return true
    }

    /// A quoted string with backslash escapes (`\n`, `\t`, `\"`, `\'`, `\\`, `\u00e9`).
    private mutating func string(quote: Character) throws -> String {
        let start = index
        index += 1
        var result = ""
        while let character = peek() {
            index += 1
            if character == quote { return result }
            guard character == "\\" else {
                result.append(character)
                continue
            }
            guard let escaped = peek() else { break }
            index += 1
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "u":
                let hex = String(characters[index..<min(index + 4, characters.count)])
                guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                    throw error("`\\u` needs four hexadecimal digits", at: index - 2)
                }
                index += 4
                result.unicodeScalars.append(scalar)
            default: result.append(escaped)
            }
        }
        throw error("unterminated string", at: start)
    }

    private mutating func number() throws -> PredicateToken.Kind {
        let start = index
        if peek() == "-" { index += 1 }
        while let character = peek(), character.isNumber { index += 1 }
        var isDecimal = false
        if peek() == ".", peek(1)?.isNumber == true {
            isDecimal = true
            index += 1
            while let character = peek(), character.isNumber { index += 1 }
        }
        if peek() == "e" || peek() == "E", peek(1)?.isNumber == true || ((peek(1) == "-" || peek(1) == "+") && peek(2)?.isNumber == true) {
            isDecimal = true
            index += 2
            while let character = peek(), character.isNumber { index += 1 }
        }
        let text = String(characters[start..<index])
        if !isDecimal, let integer = Int64(text) { return .integer(integer) }
        guard let decimal = Double(text) else { throw error("`\(text)` is not a number", at: start) }
        return .decimal(decimal)
    }
}
