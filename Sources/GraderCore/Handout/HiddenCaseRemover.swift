import Foundation
import Yams

/// Cuts hidden cases (and other parts a student must not see) out of an `exercise.yml`'s text,
/// leaving every other line exactly as written: comments, blank lines, quoting and layout.
///
/// Yams gives each node the line where it starts, not where it ends, so a case's lines are
/// found from its start and the indentation: a block list item runs from its `-` to the line
/// before the next line that is indented no deeper than that `-` (a comment or a blank line
/// never ends it). Comments belong to what they precede: those directly above a removed case,
/// at its indentation or deeper, go with it; those after its last line stay, for the case
/// that follows. The packer loads the result again and compares its cases with the visible
/// ones, so a layout this misreads is caught rather than shipped.
struct HiddenCaseRemover {
    /// The file's path relative to the course, for problems.
    var displayPath: String

    /// `text` without the cases at `hidden` (0-based positions in `cases:`) and without the
    /// top-level keys `keys` (such as `equivalent_mutants`), with their comments.
    /// - Throws: ``CourseProblem`` when the text cannot be cut by lines: the cases written as a
    ///   flow list (`cases: [{…}, …]`), or an item whose `-` cannot be found.
    func removing(cases hidden: Set<Int>, keys: Set<String>, from text: String) throws -> String {
        guard !hidden.isEmpty || !keys.isEmpty else { return text }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else { return text }
            root = node
        } catch let error as YamlError {
            throw YAMLDocument.problem(from: error, file: displayPath)
        }
        guard case .mapping(let mapping) = root else { return text }
        let lines = text.components(separatedBy: "\n")
        var ranges: [ClosedRange<Int>] = []
        for pair in mapping {
            guard let name = pair.key.string, let keyMark = pair.key.mark else { continue }
            if keys.contains(name) {
                ranges.append(lineRange(startLine: keyMark.line - 1, indent: keyMark.column - 1,
                                        keepsDashesAtIndent: isBlockSequence(pair.value, lines: lines), lines: lines))
            }
            guard name == "cases", !hidden.isEmpty, case .sequence(let sequence) = pair.value else { continue }
            if !isBlockSequence(pair.value, lines: lines) {
                throw CourseProblem(file: displayPath, line: keyMark.line, column: keyMark.column, field: "cases",
                                    message: "write the cases as a block list (`- name: …` on lines of their own) so that a handout can leave the hidden ones out")
            }
            for index in hidden.sorted() where index < sequence.count {
                let item = sequence[index]
                guard let mark = item.mark, let dash = dashLine(before: mark, lines: lines) else {
                    throw CourseProblem(file: displayPath, line: item.mark?.line, column: item.mark?.column,
                                        field: "cases[\(index)]", message: "cannot find the `-` that starts this case")
                }
                ranges.append(lineRange(startLine: dash, indent: indentation(lines[dash]), keepsDashesAtIndent: false, lines: lines))
            }
        }
        var kept = lines
        for range in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) {
            kept.removeSubrange(range)
        }
        return kept.joined(separator: "\n")
    }

    /// The lines (0-based) of the block starting at `startLine` whose first line is indented by
    /// `indent`: with the comments directly above it, and the blank lines after it when a blank
    /// line is above it too (so that removing it leaves one blank line, not two).
    /// - Parameter keepsDashesAtIndent: a key whose value is a block list written at the key's own
    ///   indentation (`cases:` then `- name: …` under the `c`): those items are part of it.
    private func lineRange(startLine: Int, indent: Int, keepsDashesAtIndent: Bool, lines: [String]) -> ClosedRange<Int> {
        var last = startLine
        var line = startLine + 1
        while line < lines.count {
            let text = lines[line]
            if isBlank(text) || isComment(text) { line += 1; continue }
            let depth = indentation(text)
            if depth < indent || depth == indent && !(keepsDashesAtIndent && startsWithDash(text)) { break }
            last = line
            line += 1
        }
        // Comments and blank lines after the last line stay; comments deeper than the block's
        // first line, before its last line, are inside it and go with it.
        var first = startLine
        while first > 0, isComment(lines[first - 1]), indentation(lines[first - 1]) >= indent {
            first -= 1
        }
        // The last line of text (the file's final line break leaves an empty string after it).
        let final = lines.last == "" ? lines.count - 2 : lines.count - 1
        if last >= final || lines[(last + 1)...final].allSatisfy(isBlank) {
            // At the file's end: the blank lines above go too, and the final line break stays.
            while first > 0, isBlank(lines[first - 1]) { first -= 1 }
            last = max(last, final)
        } else if first > 0, isBlank(lines[first - 1]) {
            while last < final, isBlank(lines[last + 1]) { last += 1 }
        }
        return first...last
    }

    /// The line (0-based) of the `-` that starts the list item whose node starts at `mark`: the
    /// mark's own line (`- name: …`, `- &anchor {…}`), or the line above for a `-` alone on its
    /// line with the item under it.
    private func dashLine(before mark: Mark, lines: [String]) -> Int? {
        let line = mark.line - 1
        guard line >= 0, line < lines.count else { return nil }
        if startsWithDash(lines[line]), indentation(lines[line]) < mark.column - 1 { return line }
        var above = line - 1
        while above >= 0, isBlank(lines[above]) || isComment(lines[above]) { above -= 1 }
        guard above >= 0, startsWithDash(lines[above]) else { return nil }
        let afterDash = lines[above].dropFirst(indentation(lines[above]) + 1)
        return isBlank(String(afterDash.prefix { $0 != "#" })) ? above : nil
    }

    /// Whether `node` is a list written as lines of `-` items rather than in brackets. (Yams
    /// does not keep a composed list's style, so the text at its start tells.)
    private func isBlockSequence(_ node: Node, lines: [String]) -> Bool {
        guard case .sequence = node, let mark = node.mark, mark.line - 1 < lines.count else { return false }
        return lines[mark.line - 1].unicodeScalars.dropFirst(mark.column - 1).first != "["
    }

    private func indentation(_ line: String) -> Int {
        line.prefix { $0 == " " }.count
    }

    private func isBlank(_ line: String) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }

    private func isComment(_ line: String) -> Bool {
        line.drop { $0 == " " || $0 == "\t" }.first == "#"
    }

    private func startsWithDash(_ line: String) -> Bool {
        let rest = line.drop { $0 == " " }
        guard rest.first == "-" else { return false }
        let after = rest.dropFirst().first
        return after == nil || after == " " || after == "\r" || after == "\t"
    }
}
