import Foundation

/// Text in runs of one inline style each, measured in terminal columns, wrapped to a width and
/// written with a ``TerminalStyle`` (without colours: the bare text, no markers).
struct StyledText: Equatable {
    struct Style: OptionSet, Hashable {
        let rawValue: Int
        static let bold = Style(rawValue: 1)
        static let italic = Style(rawValue: 2)
        static let code = Style(rawValue: 4)
        static let underline = Style(rawValue: 8)
    }

    struct Run: Equatable {
        var text: String
        var style: Style = []
        /// Not broken at its spaces when wrapped: a command the reader types as a whole.
        var unbroken = false
    }

    var runs: [Run]

    init(_ runs: [Run] = []) {
        self.runs = runs
    }

    init(_ text: String, style: Style = []) {
        runs = [Run(text: text, style: style)]
    }

    static func + (lhs: StyledText, rhs: StyledText) -> StyledText { StyledText(lhs.runs + rhs.runs) }

    /// The same text with `style` added to every run.
    func adding(_ style: Style) -> StyledText {
        StyledText(runs.map { Run(text: $0.text, style: $0.style.union(style), unbroken: $0.unbroken) })
    }

    var plainText: String { runs.map(\.text).joined() }

    /// The columns of its widest line (a line break is a run `"\n"`).
    var columns: Int {
        plainText.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalStyle.columns(of: String($0)) }.max() ?? 0
    }

    /// The columns of its widest word: the least width it wraps to without cutting a word.
    var longestWord: Int {
        words().map { token in
            guard case .word(let runs) = token else { return 0 }
            return Self.columns(of: runs)
        }.max() ?? 0
    }

    /// The text as lines of at most `width` columns: broken at spaces (a run of spaces is one
    /// break), at its line breaks, and inside a word only when the word alone is wider.
    func wrapped(to width: Int) -> [StyledText] {
        let width = max(width, 1)
        var lines: [[Run]] = []
        var line: [Run] = []
        var lineColumns = 0
        func endLine() {
            lines.append(line)
            line = []
            lineColumns = 0
        }
        for token in words() {
            guard case .word(let word) = token else {
                endLine()
                continue
            }
            let columns = Self.columns(of: word)
            if !line.isEmpty, lineColumns + 1 + columns <= width {
                // The space takes the style around it: one escape sequence for a bold phrase.
                let around = line.last?.style == word.first?.style ? word.first?.style ?? [] : []
                line.append(Run(text: " ", style: around))
                line += word
                lineColumns += 1 + columns
                continue
            }
            if !line.isEmpty { endLine() }
            if columns <= width {
                line = word
                lineColumns = columns
                continue
            }
            // A word wider than the line: cut it at the width.
            for piece in Self.pieces(of: word, width: width) {
                if !line.isEmpty { endLine() }
                line = piece
                lineColumns = Self.columns(of: piece)
            }
        }
        if !line.isEmpty || lines.isEmpty { endLine() }
        return lines.map { StyledText(Self.merged($0)) }
    }

    /// The text with its styles as escape sequences (none without colours).
    func rendered(_ style: TerminalStyle) -> String {
        runs.map { run in
            var text = run.text
            if run.style.contains(.code) { text = style.cyan(text) }
            if run.style.contains(.italic) { text = style.italic(text) }
            if run.style.contains(.underline) { text = style.underline(text) }
            if run.style.contains(.bold) { text = style.bold(text) }
            return text
        }.joined()
    }

    private enum Token {
        case word([Run])
        case lineBreak
    }

    /// The words between spaces and line breaks, each as runs of its styles.
    private func words() -> [Token] {
        var tokens: [Token] = []
        var word: [Run] = []
        func endWord() {
            if !word.isEmpty { tokens.append(.word(word)) }
            word = []
        }
        func append(_ character: Character, _ run: Run) {
            if let last = word.last, last.style == run.style, last.unbroken == run.unbroken {
                word[word.count - 1].text.append(character)
            } else {
                word.append(Run(text: String(character), style: run.style, unbroken: run.unbroken))
            }
        }
        for run in runs {
            for character in run.text {
                switch character {
                case "\n":
                    endWord()
                    tokens.append(.lineBreak)
                case " ", "\t":
                    if run.unbroken { append(character, run) } else { endWord() }
                default:
                    append(character, run)
                }
            }
        }
        endWord()
        return tokens
    }

    /// Neighbouring runs of one style as one.
    private static func merged(_ runs: [Run]) -> [Run] {
        var merged: [Run] = []
        for run in runs {
            if let last = merged.last, last.style == run.style {
                merged[merged.count - 1].text += run.text
            } else {
                merged.append(run)
            }
        }
        return merged
    }

    private static func columns(of runs: [Run]) -> Int {
        runs.reduce(0) { $0 + TerminalStyle.columns(of: $1.text) }
    }

    /// `word` cut into pieces of at most `width` columns.
    private static func pieces(of word: [Run], width: Int) -> [[Run]] {
        var pieces: [[Run]] = [[]]
        var columns = 0
        for run in word {
            for character in run.text {
                let size = TerminalStyle.columns(of: character)
                if columns + size > width, columns > 0 {
                    pieces.append([])
                    columns = 0
                }
                if let last = pieces[pieces.count - 1].last, last.style == run.style {
                    pieces[pieces.count - 1][pieces[pieces.count - 1].count - 1].text.append(character)
                } else {
                    pieces[pieces.count - 1].append(Run(text: String(character), style: run.style))
                }
                columns += size
            }
        }
        return pieces
    }
}
