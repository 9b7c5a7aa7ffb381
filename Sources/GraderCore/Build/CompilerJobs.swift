import Foundation

/// The commands `swiftc` runs for one shape of build (the same flags and file names, other
/// folders), asked of the driver once with `swiftc -###` and then run directly for each build of
/// that shape: the frontend, `swift-autolink-extract` and the linker. The driver itself (about
/// 0.07 processor-seconds a build: starting it, asking the frontend for the target's details,
/// planning) is then paid once per shape, toolchain and work folder instead of once per build:
/// a replayable plan is kept in the work folder (`compiler-plans/`) for the next grader process,
/// whose first build would otherwise wait about 0.05 s for the driver (`Benchmarks/README.md`).
/// Where the driver's plan is not one this type can replay (a response file, an input it does
/// not name), ``parse(_:placeholders:temporary:)`` gives nil and the build runs `swiftc` as before.
struct CompilerJobs: Sendable, Equatable, Codable {
    /// Each command's words, the executable's absolute path first; the placeholders' words and
    /// the driver's temporary folder (as ``temporaryMark``) stand where each build puts its own.
    var commands: [[String]]

    /// Stands for the folder the driver made for its intermediate files.
    static let temporaryMark = "\u{1}grader-temporary\u{1}"

    /// A word standing for the input at `index` while the driver plans. Only what the driver
    /// reads in a name is kept: its extension, and whether it is a `main.swift` (the program's
    /// top-level code), so that builds of differently named files share one plan. (The driver
    /// refuses two inputs of one file name, so the names differ; a build whose own inputs share
    /// a file name runs `swiftc`, which says so.)
    static func placeholder(input index: Int, named name: String) -> String {
        let file = name == "main.swift" ? name : "input\(index)." + ((name as NSString).pathExtension)
        return "__grader_input__/\(file)"
    }

    /// The word standing for the output binary while the driver plans.
    static let outputPlaceholder = "__grader_output__/App"

    /// The plan in the driver's `-###` output, which names its intermediate files inside
    /// `temporary`/`TemporaryDirectory.XXXXXX`; nil unless every line is a command by an absolute
    /// path, every placeholder is one of their words, and no command reads a response file.
    static func parse(_ output: String, placeholders: [String], temporary: String) -> CompilerJobs? {
        let lines = output.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard !lines.isEmpty else { return nil }
        let prefix = temporary.hasSuffix("/") ? temporary : temporary + "/"
        var commands: [[String]] = []
        for line in lines {
            guard var words = ShellWords.split(line), let executable = words.first, executable.hasPrefix("/") else { return nil }
            words = words.map { word in
                guard let range = word.range(of: prefix + "TemporaryDirectory.") else { return word }
                let rest = word[range.upperBound...]
                let end = rest.firstIndex(of: "/") ?? rest.endIndex
                return word.replacingCharacters(in: range.lowerBound..<end, with: temporaryMark)
            }
            // A response file the driver wrote holds words this plan cannot see or replace.
            if words.dropFirst().contains(where: { $0.hasPrefix("@") && !$0.hasSuffix(".autolink") }) { return nil }
            if words.contains(where: { $0.contains(prefix) }) { return nil }
            commands.append(words)
        }
        let all = Set(commands.joined())
        guard placeholders.allSatisfy(all.contains) else { return nil }
        return CompilerJobs(commands: commands)
    }

    /// The commands for one build: each placeholder replaced by its word in `replacing`, the
    /// temporary folder by `temporary`.
    func commands(replacing: [String: String], temporary: String) -> [[String]] {
        commands.map { words in
            words.map { word in
                if let replacement = replacing[word] { return replacement }
                return word.contains(Self.temporaryMark) ? word.replacingOccurrences(of: Self.temporaryMark, with: temporary) : word
            }
        }
    }

    /// One `sh -c` script running `commands` in order, stopping at the first that fails, whose
    /// exit status is the script's (128 + the signal for a command a signal ended).
    static func script(_ commands: [[String]]) -> String {
        commands.map { $0.map(ShellWords.quote).joined(separator: " ") }.joined(separator: " && ")
    }

    /// Plans already asked, by the words of the `swiftc` call (placeholders in place); nil when
    /// the driver's plan could not be replayed, so that it is not asked again. A replayable plan
    /// is also kept on disk, by the toolchain's identity and those words, for the next process;
    /// one that cannot be replayed is asked again there.
    final class Memo: @unchecked Sendable {
        private let lock = NSLock()
        private var plans: [[String]: CompilerJobs?] = [:]
        private let disk: JSONCache<CompilerJobs>?
        private let identity: String
        /// How many times the driver was asked for a plan.
        private(set) var asked = 0

        /// - Parameters:
        ///   - directory: where plans are kept between processes; nil keeps none.
        ///   - identity: what the plans depend on besides the words: the toolchain's identity.
        init(directory: URL? = nil, identity: String = "") {
            disk = directory.map { JSONCache(directory: $0) }
            self.identity = identity
        }

        /// How many shapes have a plan that is replayed.
        var replayable: Int {
            lock.lock()
            defer { lock.unlock() }
            return plans.values.filter { $0 != nil }.count
        }

        func plan(for arguments: [String], ask: () -> CompilerJobs?) -> CompilerJobs? {
            lock.lock()
            if let known = plans[arguments] {
                lock.unlock()
                return known
            }
            lock.unlock()
            let key = JSONCache<CompilerJobs>.key("compiler-plan-v1", [identity, arguments])
            let kept = disk?.load(key)
            let plan = kept ?? ask()
            if kept == nil, let plan { disk?.store(plan, key: key) }
            lock.lock()
            defer { lock.unlock() }
            if kept == nil { asked += 1 }
            plans[arguments] = plan
            return plan
        }
    }
}

/// Splitting a command line the way a POSIX shell splits words (single and double quotes,
/// backslashes), as the Swift driver prints its commands; and quoting a word for one.
enum ShellWords {
    /// The words of `line`; nil for an unterminated quote or anything a shell would expand
    /// (`$`, a backquote, an unquoted glob or redirection), which the driver does not print.
    static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var iterator = Array(line).makeIterator()
        while let character = iterator.next() {
            switch character {
            case " ", "\t":
                if inWord { words.append(word); word = ""; inWord = false }
            case "'":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "'" { closed = true; break }
                    word.append(next)
                }
                if !closed { return nil }
            case "\"":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "\"" { closed = true; break }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { return nil }
                        if !"\"\\$`".contains(escaped) { word.append("\\") }
                        word.append(escaped)
                    } else if next == "$" || next == "`" {
                        return nil
                    } else {
                        word.append(next)
                    }
                }
                if !closed { return nil }
            case "\\":
                guard let escaped = iterator.next() else { return nil }
                inWord = true
                word.append(escaped)
            case "$", "`", "*", "?", "[", "<", ">", "|", ";", "&", "(", ")":
                return nil
            case "~", "#":
                guard inWord else { return nil }
                word.append(character)
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// `word` in single quotes when a shell would read it otherwise.
    static func quote(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII || "-_./=+,:@%".unicodeScalars.contains($0)
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
