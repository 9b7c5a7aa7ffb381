import Foundation
import Yams

/// Bounds on YAML aliases, so that a "billion laughs" file (an anchor aliased nine times, that
/// one nine times, and so on) is a located problem instead of minutes of work in every command.
///
/// Yams composes an alias as a copy of its anchor's node that shares its storage, so composing
/// costs what the text costs; what multiplies is every walk over the tree afterwards (decoding,
/// locating). ``expansionProblem(_:file:)`` counts the tree's nodes as they would be walked, in
/// time proportional to the text, and the document refuses more than ``nodeLimit``. The one
/// place Yams itself walks an aliased tree while composing is its duplicate-key check, which
/// hashes every key of a mapping: an alias used as a key would be hashed whole. So before the
/// real composition, ``aliasKeyProblem(in:file:)`` composes a copy of the text in which each
/// alias is a plain scalar, and refuses aliases used as keys (a course file has no use for them).
extension YAMLDocument {
    /// The most nodes one file may hold with its aliases expanded: the largest `exercise.yml` of
    /// the course holds a few thousand.
    static let nodeLimit = 100_000

    /// What a file may hold, from a scan of its bytes that errs on the side of "may": an alias
    /// is `*` and a name character (libyaml's names are ASCII letters, digits, `-` and `_`) at
    /// the start of the text, after a blank or after a flow indicator. Most files of the course
    /// have none and skip both checks, so they load as fast as before.
    struct AliasScan {
        /// An alias may be in the file.
        var aliases = false
        /// An alias may be a mapping key: followed on its line by `:`, or anywhere after an
        /// explicit key's `?`.
        var aliasKeys = false

        init(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                // Found with the C library's search, quick even in a debug build: most files have no `*`.
                let firstExplicitKey = Self.offsets(of: "?", in: bytes).first { index in
                    index + 1 == bytes.count || isBlank(bytes[index + 1])
                }
                for index in Self.offsets(of: "*", in: bytes) where index + 1 < bytes.count && isNameByte(bytes[index + 1]) {
                    aliases = true
                    var after = index + 1
                    while after < bytes.count, isNameByte(bytes[after]) { after += 1 }
                    while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") { after += 1 }
                    if firstExplicitKey.map({ $0 < index }) == true || after < bytes.count && bytes[after] == UInt8(ascii: ":") {
                        aliasKeys = true
                    }
                }
            }
        }

        /// Where `character` starts a token in `bytes`.
        private static func offsets(of character: Unicode.Scalar, in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
            guard let base = bytes.baseAddress else { return [] }
            var found: [Int] = []
            var from = 0
            while from < bytes.count, let hit = memchr(base + from, Int32(character.value), bytes.count - from) {
                let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if index == 0 || startsToken(after: bytes[index - 1]) { found.append(index) }
                from = index + 1
            }
            return found
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private static func startsToken(after byte: UInt8) -> Bool {
        isBlank(byte) || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: ",")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"), UInt8(ascii: "_"): return true
        default: return false
        }
    }

    /// Where an alias is used as a mapping key, if anywhere: a problem at the alias.
    static func aliasKeyProblem(in text: String, file: String) -> CourseProblem? {
        // `*` starts an alias at the start of the text, after a blank or after a flow indicator.
        // Replaced by one private-use character (one column, as libyaml counts them), the alias
        // becomes a plain scalar at the same line and column; a `*` inside a quoted scalar, a
        // block scalar or a comment changes nothing that matters here.
        var probe = String.UnicodeScalarView()
        var previous: Unicode.Scalar = "\n"
        for scalar in text.unicodeScalars {
            if scalar == "*", scalar.isASCII, previous.isASCII, startsToken(after: UInt8(previous.value)) {
                probe.append(Self.aliasMarker)
            } else {
                probe.append(scalar)
            }
            previous = scalar
        }
        // A file that does not parse is reported by the real composition.
        guard let root = try? Yams.compose(yaml: String(probe)) else { return nil }
        return firstAliasKey(in: root).map { key in
            let name = String(String.UnicodeScalarView((key.string ?? "").unicodeScalars.dropFirst()))
            return CourseProblem(file: file, line: key.mark?.line, column: key.mark?.column,
                                 message: "an alias (*\(name)) cannot be a mapping key; write the key itself")
        }
    }

    /// The scalar that stands for an alias in the probe.
    private static let aliasMarker: Unicode.Scalar = "\u{E000}"

    private static func firstAliasKey(in node: Node) -> Node? {
        switch node {
        case .mapping(let mapping):
            for pair in mapping {
                if case .scalar(let scalar) = pair.key, scalar.style == .plain,
                   scalar.string.unicodeScalars.first == aliasMarker {
                    return pair.key
                }
                if let found = firstAliasKey(in: pair.key) ?? firstAliasKey(in: pair.value) { return found }
            }
            return nil
        case .sequence(let sequence):
            for item in sequence {
                if let found = firstAliasKey(in: item) { return found }
            }
            return nil
        case .scalar, .alias:
            return nil
        }
    }

    /// A problem at the innermost node that holds more than ``nodeLimit`` nodes with its aliases
    /// expanded, or nil when the whole tree is within the limit.
    static func expansionProblem(_ root: Node, file: String) -> CourseProblem? {
        var counter = ExpansionCounter()
        counter.size(of: root)
        guard let node = counter.tooLarge else { return nil }
        return CourseProblem(
            file: file, line: node.mark?.line, column: node.mark?.column,
            message: "this value holds more than \(nodeLimit) nodes once its aliases are expanded; a course file needs far fewer (is an alias repeated inside what it names?)")
    }

    /// Counts nodes with every alias expanded, each distinct node once: an alias's copy has its
    /// anchor's position, so nodes are told apart by position and kind.
    private struct ExpansionCounter {
        private struct Key: Hashable {
            var line: Int
            var column: Int
            var kind: Int
        }

        private var sizes: [Key: Int] = [:]
        /// The first node found over the limit; its children are all within it.
        private(set) var tooLarge: Node?

        @discardableResult
        mutating func size(of node: Node) -> Int {
            let kind: Int
            switch node {
            case .scalar, .alias: return 1
            case .mapping: kind = 1
            case .sequence: kind = 2
            }
            let key = node.mark.map { Key(line: $0.line, column: $0.column, kind: kind) }
            if let key, let known = sizes[key] { return known }
            var total = 1
            func add(_ child: Node) {
                if tooLarge == nil { total = min(total + size(of: child), YAMLDocument.nodeLimit + 1) }
            }
            switch node {
            case .mapping(let mapping):
                for pair in mapping {
                    add(pair.key)
                    add(pair.value)
                }
            case .sequence(let sequence):
                for item in sequence { add(item) }
            case .scalar, .alias:
                break
            }
            if total > YAMLDocument.nodeLimit, tooLarge == nil { tooLarge = node }
            if let key { sizes[key] = total }
            return total
        }
    }
}
