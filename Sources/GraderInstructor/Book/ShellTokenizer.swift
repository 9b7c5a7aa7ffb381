import Foundation

/// Splits shell commands into tokens for highlighting: each command's name, options (`--out`),
/// quoted strings, variables (`$HOME`, `${x}`), comments.
enum ShellTokenizer {
    static func tokens(_ code: String) -> [HighlightToken] {
        var output = HighlightTokens()
        let characters = Array(code)
        var index = 0
        // A command's name comes first on a line and after `|`, `;`, `&&`, `||`, `(` or `$(`.
        var commandNext = true
        while index < characters.count {
            let character = characters[index]
            let wordStart = index == 0 || " \t\n;|&(".contains(characters[index - 1])
            switch character {
            case "#" where wordStart:
                let end = characters[index...].firstIndex(of: "\n") ?? characters.count
                output.append(.comment, characters[index..<end])
                index = end
            case "'", "\"":
                var end = index + 1
                while end < characters.count, characters[end] != character {
                    end += character == "\"" && characters[end] == "\\" ? 2 : 1
                }
                end = min(end + 1, characters.count)
                output.append(.string, characters[index..<end])
                index = end
                commandNext = false
            case "$":
                var end = index + 1
                if end < characters.count, characters[end] == "{" {
                    end = (characters[end...].firstIndex(of: "}") ?? characters.count - 1) + 1
                } else if end < characters.count, characters[end] == "(" {
                    end += 1
                    commandNext = true
                } else {
                    while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
                    if end == index + 1, end < characters.count, "?#@*!$0".contains(characters[end]) { end += 1 }
                }
                output.append(.variable, characters[index..<end])
                index = end
            case "\n", ";", "|", "&", "(":
                output.append(nil, String(character))
                index += 1
                commandNext = true
            case " ", "\t", "\\", ")":
                output.append(nil, String(character))
                index += 1
            default:
                var end = index
                while end < characters.count, !" \t\n;|&()'\"$".contains(characters[end]) { end += 1 }
                let word = String(characters[index..<end])
                let isAssignment = commandNext && word.contains("=") && !word.hasPrefix("-")
                if commandNext && !isAssignment {
                    output.append(.keyword, word)
                    commandNext = false
                } else if wordStart && word.hasPrefix("-") {
                    output.append(.attribute, word)
                } else {
                    output.append(nil, word)
                }
                index = max(end, index + 1)
            }
        }
        return output.tokens
    }
}
