import Foundation

/// Splits SQL (SQLite's dialect) into tokens for highlighting: keywords and type names in any
/// case, string literals, numbers, parameters (`?`, `?1`, `:name`), comments. A quoted name
/// (`"people"`) is a name, not a string.
enum SQLTokenizer {
    static let keywords: Set<String> = [
        "ADD", "ALL", "ALTER", "AND", "AS", "ASC", "AUTOINCREMENT", "BEGIN", "BETWEEN", "BLOB", "BY", "CASCADE", "CASE",
        "CHECK", "COLLATE", "COLUMN", "COMMIT", "CONFLICT", "CONSTRAINT", "COUNT", "CREATE", "DEFAULT", "DEFERRED", "DELETE",
        "DESC", "DISTINCT", "DROP", "ELSE", "END", "ESCAPE", "EXCLUSIVE", "EXISTS", "FOREIGN", "FROM", "GLOB", "GROUP",
        "HAVING", "IF", "IMMEDIATE", "IN", "INDEX", "INNER", "INSERT", "INTEGER", "INTO", "IS", "JOIN", "KEY", "LEFT",
        "LIKE", "LIMIT", "NOCASE", "NOT", "NULL", "OFFSET", "ON", "OR", "ORDER", "OUTER", "PRAGMA", "PRIMARY", "REAL",
        "REFERENCES", "RENAME", "REPLACE", "RETURNING", "ROLLBACK", "ROWID", "SAVEPOINT", "SELECT", "SET", "TABLE",
        "TEMP", "TEXT", "THEN", "TO", "TRANSACTION", "TRIGGER", "UNION", "UNIQUE", "UPDATE", "USING", "VALUES", "VIEW",
        "WHEN", "WHERE", "WITHOUT",
    ]

    static func tokens(_ code: String) -> [HighlightToken] {
        var output = HighlightTokens()
        let characters = Array(code)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "-" && next == "-" {
                let end = characters[index...].firstIndex(of: "\n") ?? characters.count
                output.append(.comment, characters[index..<end])
                index = end
            } else if character == "/" && next == "*" {
                var end = index + 2
                while end + 1 < characters.count, !(characters[end] == "*" && characters[end + 1] == "/") { end += 1 }
                end = min(end + 2, characters.count)
                output.append(.comment, characters[index..<end])
                index = end
            } else if character == "'" || character == "\"" {
                // '' inside a literal is an escaped quote.
                var end = index + 1
                while end < characters.count {
                    if characters[end] == character {
                        if end + 1 < characters.count && characters[end + 1] == character { end += 2; continue }
                        end += 1
                        break
                    }
                    end += 1
                }
                output.append(character == "'" ? .string : nil, characters[index..<min(end, characters.count)])
                index = min(end, characters.count)
            } else if character == "?" || ((character == ":" || character == "@" || character == "$") && next.map { $0.isLetter } == true) {
                var end = index + 1
                while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
                output.append(.variable, characters[index..<end])
                index = end
            } else if character.isNumber && character.isASCII {
                var end = index
                while end < characters.count, characters[end].isNumber || characters[end] == "." { end += 1 }
                output.append(.number, characters[index..<end])
                index = end
            } else if character.isLetter || character == "_" {
                var end = index
                while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
                let word = String(characters[index..<end])
                output.append(keywords.contains(word.uppercased()) ? .keyword : nil, word)
                index = end
            } else {
                output.append(nil, String(character))
                index += 1
            }
        }
        return output.tokens
    }
}
