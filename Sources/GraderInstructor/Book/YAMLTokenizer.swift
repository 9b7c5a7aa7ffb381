import Foundation

/// Splits YAML (and JSON, which is YAML's flow style) into tokens for highlighting: mapping
/// keys, quoted strings, numbers, `true`/`false`/`null`, comments, document markers.
///
/// Line by line, as the course's YAML is written (`grader.yml`, `exercise.yml`): block scalars
/// and multi-line quoted strings show their later lines as plain text.
enum YAMLTokenizer {
    static let literals: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "~", "True", "False", "Null", "NULL"]

    static func tokens(_ code: String) -> [HighlightToken] {
        var output = HighlightTokens()
        for (number, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if number > 0 { output.append(nil, "\n") }
            self.line(Array(line), into: &output)
        }
        return output.tokens
    }

    private static func line(_ characters: [Character], into output: inout HighlightTokens) {
        let text = String(characters)
        if text == "---" || text == "..." {
            output.append(.keyword, text)
            return
        }
        var index = 0
        // Indentation and sequence dashes.
        while index < characters.count, characters[index] == " " || (characters[index] == "-" && (index + 1 == characters.count || characters[index + 1] == " ")) {
            output.append(nil, String(characters[index]))
            index += 1
        }
        var expectKey = true
        while index < characters.count {
            let character = characters[index]
            if character == "#", index == 0 || characters[index - 1] == " " {
                output.append(.comment, characters[index...])
                return
            }
            if character == "\"" || character == "'" {
                let end = quotedEnd(characters, from: index)
                let isKey = expectKey && followedByColon(characters, at: end)
                output.append(isKey ? .key : .string, characters[index..<end])
                index = end
                expectKey = false
                continue
            }
            if " \t,{}[]:".contains(character) {
                output.append(nil, String(character))
                // In flow style (`{a: 1, b: 2}`) a key may follow `{` or `,`.
                if character == "{" || character == "," { expectKey = true }
                if character == ":" || character == "[" { expectKey = false }
                index += 1
                continue
            }
            // A plain scalar: up to `: `, `,` or a bracket (in flow style), or ` #`.
            var end = index
            while end < characters.count {
                let c = characters[end]
                if c == ":" && (end + 1 == characters.count || " \t".contains(characters[end + 1])) { break }
                if ",{}[]".contains(c) && insideFlow(characters, before: index) { break }
                if c == "#" && end > index && characters[end - 1] == " " { break }
                end += 1
            }
            var word = String(characters[index..<end])
            let trailing = word.count - word.reversed().prefix { $0 == " " }.count
            word = String(word.prefix(trailing))
            let kind: HighlightToken.Kind?
            if expectKey && followedByColon(characters, at: index + word.count) {
                kind = .key
            } else if literals.contains(word) {
                kind = .keyword
            } else if Double(word.replacingOccurrences(of: "_", with: "")) != nil {
                kind = .number
            } else {
                kind = nil
            }
            output.append(kind, word)
            index += word.count
            expectKey = false
        }
    }

    private static func quotedEnd(_ characters: [Character], from start: Int) -> Int {
        let quote = characters[start]
        var end = start + 1
        while end < characters.count {
            if characters[end] == "\\" && quote == "\"" { end += 2; continue }
            if characters[end] == quote {
                // '' is an escaped quote in a single-quoted scalar.
                if quote == "'" && end + 1 < characters.count && characters[end + 1] == "'" { end += 2; continue }
                return end + 1
            }
            end += 1
        }
        return characters.count
    }

    private static func followedByColon(_ characters: [Character], at index: Int) -> Bool {
        var end = index
        while end < characters.count, characters[end] == " " { end += 1 }
        return end < characters.count && characters[end] == ":" && (end + 1 == characters.count || " \t".contains(characters[end + 1]))
    }

    private static func insideFlow(_ characters: [Character], before index: Int) -> Bool {
        characters[..<index].contains { $0 == "{" || $0 == "[" }
    }
}
