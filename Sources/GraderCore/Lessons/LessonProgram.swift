import Foundation

/// The Swift program made from some of a lesson's blocks.
///
/// The blocks are joined into one `main.swift`, each preceded by `#sourceLocation` so that
/// compiler errors and traps name the lesson's own lines. After every `// Prints` group (and
/// at the end of a block with an `output` block) a checkpoint prints a marker line; the
/// program's output is then split at the markers, so each check sees exactly what was printed
/// since the previous one.
struct LessonProgram {
    /// One place where the output is checked.
    struct Checkpoint {
        var id: Int
        /// The lesson line a failure is reported at.
        var line: Int
        var expected: [String]
        var matching: Bool
        /// The file lines `--fix` rewrites, and how.
        var fix: FixTarget
    }

    enum FixTarget {
        /// `// Prints` comment lines (1-based, inclusive), with the indentation to keep.
        case prints(first: Int, last: Int, indentation: String)
        /// The content lines of an `output` block (1-based, inclusive; `last < first` when empty).
        case output(first: Int, last: Int)

        var isPrintsComment: Bool {
            if case .prints = self { return true }
            return false
        }
    }

    static let marker = "\u{1E}lesson-checkpoint "

    var source: String
    var checkpoints: [Checkpoint]
    /// For each line of `source` (0-based), the lesson line it was copied from; nil for the
    /// lines the program adds (checkpoints, `#sourceLocation`).
    var lessonLines: [Int?] = []
    /// The lesson lines of each block's code, first and last, in the program's order.
    var blockRanges: [ClosedRange<Int>] = []

    /// Joins `blocks` into a program.
    /// - Parameter checked: insert checkpoints (false for programs that are only compiled,
    ///   or that must trap).
    init(blocks: [LessonBlock], file: URL, checked: Bool) {
        let path = file.standardizedFileURL.path.replacingOccurrences(of: "\"", with: "\\\"")
        var source = ""
        var lessonLines: [Int?] = []
        // Every line added goes through here, with the lesson line it comes from, if any.
        func add(_ text: String, from lessonLine: Int? = nil) {
            source += text
            lessonLines += Array(repeating: lessonLine, count: text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
        }
        add("__lessonStart()\n")
        var checkpoints: [Checkpoint] = []
        func location(_ line: Int) -> String { "#sourceLocation(file: \"\(path)\", line: \(line))\n" }
        // Whether a #sourceLocation is in force: a closing one without an opening one is an error.
        var open = false
        for block in blocks {
            add(location(block.fileLine(0)))
            open = true
            if !block.lines.isEmpty { blockRanges.append(block.fileLine(0)...block.fileLine(block.lines.count - 1)) }
            for (index, line) in block.lines.enumerated() {
                add(line + "\n", from: block.fileLine(index))
                guard checked, let check = block.checks.first(where: { $0.lastLine == index }) else { continue }
                let id = checkpoints.count
                let indentation = String(block.lines[check.firstLine].prefix { $0 == " " || $0 == "\t" })
                checkpoints.append(Checkpoint(
                    id: id, line: block.fileLine(check.firstLine), expected: check.expected, matching: check.matching,
                    fix: .prints(first: block.fileLine(check.firstLine), last: block.fileLine(check.lastLine),
                                 indentation: indentation)))
                add("__lessonCheckpoint(\(id))\n" + location(block.fileLine(index + 1)))
            }
            if checked, let output = block.outputBlock {
                let id = checkpoints.count
                checkpoints.append(Checkpoint(
                    id: id, line: output.fenceLine, expected: output.lines, matching: false,
                    fix: .output(first: output.fenceLine + 1, last: output.fenceLine + output.lines.count)))
                add("#sourceLocation()\n__lessonCheckpoint(\(id))\n")
                open = false
            }
        }
        if open { add("#sourceLocation()\n") }
        self.source = source
        self.checkpoints = checkpoints
        self.lessonLines = lessonLines
    }

    /// The lesson line a compiler message without a location is about: the first place its
    /// text names, in the lesson (`lesson.md:12`, through `#sourceLocation`) or in the program
    /// (`main.swift:40`), as a crashing compiler's stack dump does ("While type-checking
    /// statement at [/…/main.swift:40:1 - line:40:9]"); failing that, the first line of the
    /// program's longest block, the likeliest to be too much for the compiler. Nil for a program
    /// without code.
    func lessonLine(forUnlocated message: String, lessonFile: String) -> Int? {
        for (name, fromLesson) in [(lessonFile, true), ("main.swift", false)] {
            var rest = Substring(message)
            while let found = rest.range(of: name + ":") {
                rest = rest[found.upperBound...]
                guard let number = Int(rest.prefix { $0.isNumber }) else { continue }
                if fromLesson { return number }
                if number >= 1, number <= lessonLines.count, let line = lessonLines[number - 1] { return line }
            }
        }
        return blockRanges.max { $0.count < $1.count }?.lowerBound
    }

    /// The helpers the generated `main.swift` calls, in a file of their own.
    static let support = """
        import Foundation
        #if canImport(Glibc)
        import Glibc
        #endif

        /// Line-buffered output, so that a trap loses nothing already printed.
        func __lessonStart() {
            setvbuf(stdout, nil, _IOLBF, 0)
        }

        /// Marks the point of a check in the output.
        func __lessonCheckpoint(_ id: Int) {
            print("\\u{1E}lesson-checkpoint \\(id)")
            fflush(stdout)
        }

        """

    /// Writes `main.swift` and the support file into `folder`; returns their URLs.
    func write(to folder: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let main = folder.appendingPathComponent("main.swift")
        let support = folder.appendingPathComponent("LessonSupport.swift")
        try source.write(to: main, atomically: true, encoding: .utf8)
        try Self.support.write(to: support, atomically: true, encoding: .utf8)
        return [main, support]
    }

    /// The output printed before each checkpoint, by checkpoint id, and what came after the last.
    static func segments(of stdout: String) -> (byCheckpoint: [Int: [String]], rest: [String]) {
        var result: [Int: [String]] = [:]
        var current: [String] = []
        var lines = stdout.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        for line in lines {
            if line.hasPrefix(marker), let id = Int(line.dropFirst(marker.count)) {
                result[id] = current
                current = []
            } else {
                current.append(line)
            }
        }
        return (result, current)
    }
}
