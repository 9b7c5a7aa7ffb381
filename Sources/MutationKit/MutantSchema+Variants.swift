import SwiftParser
import SwiftSyntax

extension MutantSchema {
    /// The schema of whole variants of `source` (hand-written mutants: a patch applied, or a
    /// whole file), each with its position in the list plus one as its number.
    ///
    /// Where a variant differs from the source only inside the bodies of functions, accessors,
    /// initializers and closures, each changed stretch becomes a choice between the variant's
    /// statements and the source's, from the first statement it changes to the end of its block,
    /// so that whatever those statements declare stays in scope for the rest of the block:
    ///
    ///     let total = a + b           →   if __graderMutant(2) {
    ///     return total                      let total = a - b
    ///                                       return total
    ///                                     } else {
    ///                                       let total = a + b
    ///                                       return total
    ///                                     }
    ///
    /// A body whose only statement is its value stays one: the choice is an `if` expression, and
    /// a variant that makes that body statements is left out. Static properties a variant adds to
    /// a type are written in whatever the number (nothing else names them). A variant is left
    /// out (built alone) where it changes anything else (a declaration's signature, a stored
    /// property, the file's top level), and where its choices would cross another variant's.
    public init(source: String, variants: [(name: String, text: String)]) {
        let original = Array(source.utf8)
        let blocks = BlockFinder(source)
        var accepted: [VariantSite] = []
        var numbers: [String: Int] = [:]
        var leftOut: [String] = []
        for (index, variant) in variants.enumerated() {
            guard let sites = Self.sites(of: variant.text, number: index + 1, name: variant.name, original: original, blocks: blocks),
                  Self.fits(sites, among: accepted)
            else {
                leftOut.append(variant.name)
                continue
            }
            numbers[variant.name] = index + 1
            for site in sites {
                if let same = accepted.firstIndex(where: { $0.start == site.start && $0.end == site.end && $0.unconditional == site.unconditional }) {
                    accepted[same].alternatives += site.alternatives
                } else {
                    accepted.append(site)
                }
            }
        }
        accepted.sort { ($0.start, -$0.end) < ($1.start, -$1.end) }
        let body = VariantWriter(original: original, sites: accepted).render(from: 0, to: original.count, siteRange: 0..<accepted.count)
        var text = String(decoding: body.text, as: UTF8.self)
        if !text.hasSuffix("\n") { text += "\n" }
        text += Self.switchSource
        self.init(source: text, numbers: numbers, sites: body.sites, leftOut: leftOut)
    }

    /// The sites where `text` differs from `original`, each with the variant's text for it; nil
    /// when a difference lies outside every body whose statements can be chosen between.
    private static func sites(of text: String, number: Int, name: String, original: [UInt8], blocks: BlockFinder) -> [VariantSite]? {
        let variant = Array(text.utf8)
        let hunks = LineHunk.hunks(from: original, to: variant)
        if hunks.isEmpty { return nil }
        let variantBlocks = BlockFinder(text)
        // One range per block a hunk lies in, from its first changed statement to the block's end.
        var ranges: [Int: (range: Range<Int>, interior: Range<Int>, shape: BlockFinder.Block.Shape)] = [:]
        var sites: [VariantSite] = []
        // Lines of comments alone change nothing (a mutant file's header, say).
        for hunk in hunks where !(Self.onlyComments(original[hunk.original]) && Self.onlyComments(variant[hunk.variant])) {
            // Static properties added to a type are written into the schema as they are: no other
            // code names them, and they take no part in a type's layout or conformances.
            if hunk.original.isEmpty, variantBlocks.onlyStaticProperties(in: hunk.variant, of: variant) {
                sites.append(VariantSite(start: hunk.original.lowerBound, end: hunk.original.lowerBound,
                                         alternatives: [(name, number, Array(variant[hunk.variant]))], unconditional: true))
                continue
            }
            guard let block = blocks.innermost(containing: hunk.original), block.allowsChoice else { return nil }
            // Every variant's choice in one block ends where the block does, so that two
            // variants' choices there always nest.
            let start = min(hunk.original.lowerBound, block.firstStatementStart(endingAfter: hunk.original.lowerBound))
            let end = block.interior.upperBound
            let merged = ranges[block.interior.lowerBound].map { min($0.range.lowerBound, start)..<max($0.range.upperBound, end) } ?? start..<end
            ranges[block.interior.lowerBound] = (merged, block.interior, block.shape)
        }
        if ranges.isEmpty && sites.isEmpty { return nil }
        // A range inside another of the same variant goes with it.
        let outer = ranges.values.filter { range in
            !ranges.values.contains { $0.range != range.range && $0.range.lowerBound <= range.range.lowerBound
                && range.range.upperBound <= $0.range.upperBound }
        }
        // Where a position of the original is in the variant: after the hunks before it, and
        // (for an end) after lines inserted right there.
        let moved = { (position: Int, isEnd: Bool) -> Int in
            position + hunks.filter {
                isEnd ? $0.original.lowerBound < position || ($0.original.isEmpty && $0.original.lowerBound == position)
                    : $0.original.upperBound <= position && $0.original.lowerBound < position
            }.reduce(0) { $0 + $1.variant.count - $1.original.count }
        }
        for (range, interior, shape) in outer {
            // Every hunk is either inside the range or apart from it.
            guard hunks.allSatisfy({ hunk in
                (range.lowerBound <= hunk.original.lowerBound && hunk.original.upperBound <= range.upperBound)
                    || hunk.original.upperBound <= range.lowerBound || hunk.original.lowerBound >= range.upperBound
            }) else { return nil }
            let variantRange = moved(range.lowerBound, false)..<moved(range.upperBound, true)
            // The variant has the same block there, of the same shape (a line diff may pair a brace
            // with another; a value must stay a single expression on both sides).
            let variantInterior = moved(interior.lowerBound, false)..<moved(interior.upperBound, true)
            guard variantRange.upperBound <= variant.count,
                  variantBlocks.blocks.contains(where: { $0.interior == variantInterior && $0.shape == shape })
            else { return nil }
            sites.append(VariantSite(start: range.lowerBound, end: range.upperBound,
                                     alternatives: [(name, number, Array(variant[variantRange]))]))
        }
        return sites
    }

    /// Whether `lines` are blank or `//` comments only.
    static func onlyComments(_ lines: ArraySlice<UInt8>) -> Bool {
        lines.split(separator: UInt8(ascii: "\n")).allSatisfy { line in
            let text = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            return text.isEmpty || text.starts(with: Array("//".utf8))
        }
    }

    /// Whether `sites` nest with every accepted site: each pair one inside the other, or apart.
    private static func fits(_ sites: [VariantSite], among accepted: [VariantSite]) -> Bool {
        sites.allSatisfy { site in
            accepted.allSatisfy { other in
                site.end <= other.start || other.end <= site.start
                    || (other.start <= site.start && site.end <= other.end) || (site.start <= other.start && other.end <= site.end)
            }
        }
    }
}

/// A stretch of the source's statements with the variants' own text for it.
struct VariantSite {
    var start: Int
    var end: Int
    var alternatives: [(name: String, number: Int, text: [UInt8])]
    /// Text added whatever the number (a variant's added static property): no choice.
    var unconditional = false
}

/// One changed run of lines: the UTF-8 range it replaces in the original and what replaces it.
struct LineHunk {
    var original: Range<Int>
    var variant: Range<Int>

    /// The changed runs of whole lines between `original` and `variant`, in order.
    static func hunks(from original: [UInt8], to variant: [UInt8]) -> [LineHunk] {
        let old = lines(original), new = lines(variant)
        let difference = new.map(\.text).difference(from: old.map(\.text))
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // Walk both line lists side by side; a hunk is a run of removed and inserted lines.
        var hunks: [LineHunk] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, !removed.contains(i), !inserted.contains(j) {
                i += 1
                j += 1
                continue
            }
            let oldStart = i < old.count ? old[i].range.lowerBound : original.count
            let newStart = j < new.count ? new[j].range.lowerBound : variant.count
            while i < old.count, removed.contains(i) { i += 1 }
            while j < new.count, inserted.contains(j) { j += 1 }
            let oldEnd = i < old.count ? old[i].range.lowerBound : original.count
            let newEnd = j < new.count ? new[j].range.lowerBound : variant.count
            hunks.append(LineHunk(original: oldStart..<oldEnd, variant: newStart..<newEnd))
        }
        return hunks
    }

    private static func lines(_ bytes: [UInt8]) -> [(text: ArraySlice<UInt8>, range: Range<Int>)] {
        var result: [(ArraySlice<UInt8>, Range<Int>)] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            result.append((bytes[start...offset], start..<(offset + 1)))
            start = offset + 1
        }
        if start < bytes.count { result.append((bytes[start...], start..<bytes.count)) }
        return result
    }
}

/// The statement lists of a file's bodies (functions, accessors, initializers, closures, and
/// the blocks inside them), each with the stretch a change may lie in.
final class BlockFinder: SyntaxVisitor {
    struct Block {
        /// From after the token before the statements to the token after them.
        var interior: Range<Int>
        /// Each statement's range.
        var statements: [Range<Int>]
        /// What an `if` standing for its statements to its end would be.
        var shape: Shape

        enum Shape: Equatable {
            /// A statement: the block's statements are no value (or more than one).
            case statements
            /// Its value: the block's only statement is an expression that may be its value, and
            /// an `if` of single expressions is that value (an `if` expression).
            case value
            /// Neither (a result builder's statements): no choice here.
            case none
        }

        var allowsChoice: Bool { shape != .none }

        /// The start of the first statement that ends after `position`, or `position` when none does.
        func firstStatementStart(endingAfter position: Int) -> Int {
            statements.first { $0.upperBound > position }?.lowerBound ?? position
        }
    }

    private(set) var blocks: [Block] = []
    /// Each member declaration's range, and whether it is a static stored or computed property.
    private var members: [(range: Range<Int>, isStaticProperty: Bool)] = []
    private var builderDepth = 0
    private let source: [UInt8]

    init(_ source: String) {
        self.source = Array(source.utf8)
        super.init(viewMode: .sourceAccurate)
        walk(Parser.parse(source: source))
    }

    /// The smallest block whose interior holds `range`.
    func innermost(containing range: Range<Int>) -> Block? {
        blocks.filter { $0.interior.lowerBound <= range.lowerBound && range.upperBound <= $0.interior.upperBound }
            .min { $0.interior.count < $1.interior.count }
    }

    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        // The file's own statements are declarations, not a body.
        guard !(node.parent?.is(SourceFileSyntax.self) ?? true),
              let before = node.previousToken(viewMode: .sourceAccurate), let after = node.nextToken(viewMode: .sourceAccurate)
        else { return .visitChildren }
        // A closing brace alone on its line: the line's indentation stays outside, with it.
        var end = after.positionAfterSkippingLeadingTrivia.utf8Offset
        var lineStart = end
        while lineStart > 0, source[lineStart - 1] == UInt8(ascii: " ") || source[lineStart - 1] == UInt8(ascii: "\t") { lineStart -= 1 }
        if lineStart > 0, source[lineStart - 1] == UInt8(ascii: "\n") { end = lineStart }
        let interior = before.endPosition.utf8Offset..<end
        guard interior.lowerBound <= interior.upperBound else { return .visitChildren }
        let statements = node.map { $0.positionAfterSkippingLeadingTrivia.utf8Offset..<$0.endPositionBeforeTrailingTrivia.utf8Offset }
        let shape: Block.Shape
        if builderDepth > 0 {
            shape = .none
        } else if node.count > 1 || SiteFinder.holdsNoValue(node) {
            shape = .statements
        } else if let only = node.first, case .expr = only.item {
            shape = .value
        } else {
            shape = .statements
        }
        blocks.append(Block(interior: interior, statements: statements, shape: shape))
        return .visitChildren
    }

    override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.decl.as(VariableDeclSyntax.self)?.modifiers.contains { $0.name.tokenKind == .keyword(.static) } ?? false
        members.append((node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset, isStatic))
        return .visitChildren
    }

    /// Whether `range` of `text` (this finder's source) holds static properties of a type and
    /// comments, and at least one property.
    func onlyStaticProperties(in range: Range<Int>, of text: [UInt8]) -> Bool {
        let inside = members.filter { range.lowerBound <= $0.range.lowerBound && $0.range.upperBound <= range.upperBound }
        guard !inside.isEmpty, inside.allSatisfy(\.isStaticProperty),
              // A member reaching out of the range: the range is part of one, not whole ones.
              !members.contains(where: { $0.range.overlaps(range) && !(range.lowerBound <= $0.range.lowerBound && $0.range.upperBound <= range.upperBound) })
        else { return false }
        var rest = Array(text[range])
        for member in inside.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            rest.replaceSubrange((member.range.lowerBound - range.lowerBound)..<(member.range.upperBound - range.lowerBound), with: [])
        }
        return MutantSchema.onlyComments(rest[...])
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if SiteFinder.hasCustomAttribute(node.attributes) { builderDepth += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        if SiteFinder.hasCustomAttribute(node.attributes) { builderDepth -= 1 }
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if SiteFinder.hasCustomAttribute(node.attributes) { builderDepth += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: VariableDeclSyntax) {
        if SiteFinder.hasCustomAttribute(node.attributes) { builderDepth -= 1 }
    }
}

/// Writes a schema of variants: each site becomes `if` the variant's statements `else` the
/// source's (with the sites inside them), and records where each landed.
struct VariantWriter {
    let original: [UInt8]
    let sites: [VariantSite]

    func render(from start: Int, to end: Int, siteRange: Range<Int>) -> (text: [UInt8], sites: [MutantSchema.Site]) {
        var text: [UInt8] = []
        var landed: [MutantSchema.Site] = []
        var position = start
        var index = siteRange.lowerBound
        while index < siteRange.upperBound {
            let site = sites[index]
            var next = index + 1
            while next < siteRange.upperBound, sites[next].start < site.end { next += 1 }
            text += original[position..<site.start]
            let siteStart = text.count
            if site.unconditional {
                for alternative in site.alternatives { text += alternative.text }
                landed.append(MutantSchema.Site(mutants: Dictionary(uniqueKeysWithValues: site.alternatives.map { ($0.name, $0.number) }),
                                                start: siteStart, end: text.count))
                position = site.start
                index = next
                continue
            }
            var keyword = "if"
            for alternative in site.alternatives {
                text += Array("\(keyword) __graderMutant(\(alternative.number)) {\n".utf8)
                let alternativeStart = text.count
                text += alternative.text
                landed.append(MutantSchema.Site(mutants: [alternative.name: alternative.number], start: alternativeStart, end: text.count))
                text += Array((alternative.text.last == UInt8(ascii: "\n") ? "} " : "\n} ").utf8)
                keyword = "else if"
            }
            text += Array("else {\n".utf8)
            let inner = render(from: site.start, to: site.end, siteRange: (index + 1)..<next)
            landed += inner.sites.map { MutantSchema.Site(mutants: $0.mutants, start: $0.start + text.count, end: $0.end + text.count) }
            // A site that ends a line (its block's closing brace is on the next) ends one too.
            let endsLine = inner.text.last == UInt8(ascii: "\n")
            text += inner.text + Array((endsLine ? "}\n" : "\n}").utf8)
            landed.append(MutantSchema.Site(mutants: Dictionary(uniqueKeysWithValues: site.alternatives.map { ($0.name, $0.number) }),
                                            start: siteStart, end: text.count))
            position = site.end
            index = next
        }
        text += original[position..<end]
        return (text, landed)
    }
}
