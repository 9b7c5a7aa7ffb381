import Foundation
@testable import GraderCore

/// Seeded mutations of a course file's text, for the fuzz tests: bytes flipped, text cut, lines
/// repeated, dropped or swapped, numbers made huge, infinite or NaN, alias bombs, stray fences and
/// control characters inserted, CRLF, a line repeated hundreds of times.
enum Mutator {
    static func mutate(_ text: String, using random: inout SeededRandom) -> Data {
        var bytes = [UInt8](text.utf8)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            bytes = mutateOnce(bytes, using: &random)
        }
        return Data(bytes)
    }

    static let numbers = ["99999999999999999999", "1e308", "-1e308", ".nan", ".inf", "-.inf", "1e19s", "nanKiB", "-0", "0x10",
                          "99999999999GiB", "infx", "1e-300s", "9223372036854775808", "-9223372036854775809", "1e30B", "0"]
    static let insertions = [
        "bomb: &a [&b [&c [x, x, x, x, x, x, x, x, x], *c, *c, *c, *c, *c, *c, *c, *c], *b, *b, *b, *b, *b, *b, *b, *b]\n",
        "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\nl1: &l1 [*l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0]\n"
            + "l2: &l2 [*l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1]\nl3: &l3 [*l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2]\n"
            + "l4: &l4 [*l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3]\nl5: &l5 [*l4, *l4, *l4, *l4, *l4, *l4, *l4, *l4, *l4]\n",
        "k: {? *undefined : 1}\n", "x: &k key\n*k : value\n", "y: *nowhere\n", "\t- tab\n", "{[: ]}\n", "? [a, b]\n: c\n",
        "a: \"\\0\\u0007\\n\"\n", "```swift\nlet x = 1\n", "```\n", "// Prints \"\u{1}\"\n", "```swift isolated traps no_run\n",
        "```output\n", "```swift compile_fail(\n", "  - name: \"a\\nb\"\n", "    weight: .nan\n", "    timeout: infx\n",
        String(repeating: "[", count: 2000) + "\n", "résumé: ☃\n", "\u{FEFF}", "%YAML 1.1\n---\n", "--- !!binary\n",
    ]

    private static func mutateOnce(_ input: [UInt8], using random: inout SeededRandom) -> [UInt8] {
        var bytes = input
        func offset() -> Int { bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random) }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        func joined() -> [UInt8] { Array(lines.joined(separator: [UInt8(ascii: "\n")])) }
        func line() -> Int { Int.random(in: 0..<max(1, lines.count), using: &random) }
        switch Int.random(in: 0..<10, using: &random) {
        case 0: // Flip bytes.
            for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                bytes[offset()] = UInt8.random(in: 0...255, using: &random)
            }
            return bytes
        case 1: // Cut.
            return Array(bytes.prefix(offset()))
        case 2 where !lines.isEmpty: // Repeat a line (a key written twice).
            let at = line()
            lines.insert(lines[at], at: at)
            return joined()
        case 3 where lines.count > 1: // Drop a line.
            lines.remove(at: line())
            return joined()
        case 4 where lines.count > 1: // Swap two lines.
            lines.swapAt(line(), line())
            return joined()
        case 5: // A number made huge, infinite or not a number.
            let digits = bytes.indices.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }
            guard let at = digits.randomElement(using: &random) else { return bytes }
            var end = at
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: ","),
                  bytes[end] != UInt8(ascii: "}"), bytes[end] != UInt8(ascii: " ") { end += 1 }
            bytes.replaceSubrange(at..<end, with: Array(numbers.randomElement(using: &random)!.utf8))
            return bytes
        case 6: // Insert an alias bomb, a control character or a stray fence.
            let at = lines.isEmpty ? 0 : line()
            lines.insert(Array(insertions.randomElement(using: &random)!.utf8.dropLast(0)), at: at)
            return joined()
        case 7: // CRLF, everywhere or on one line, or a lone CR.
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return lines.map { $0 + [UInt8(ascii: "\r")] }.joined(separator: [UInt8(ascii: "\n")]).map { $0 }
            case 1 where !lines.isEmpty: lines[line()].append(UInt8(ascii: "\r"))
            default: if !bytes.isEmpty { bytes.insert(UInt8(ascii: "\r"), at: offset()) }; return bytes
            }
            return joined()
        case 8: // A control character.
            bytes.insert([0, 7, 8, 11, 12, 27, 127].randomElement(using: &random)!, at: offset())
            return bytes
        default: // A line repeated many times: a long file.
            guard !lines.isEmpty else { return bytes }
            let at = line()
            lines.insert(contentsOf: Array(repeating: lines[at], count: Int.random(in: 10...500, using: &random)), at: at)
            return joined()
        }
    }
}
