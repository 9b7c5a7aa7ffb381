import Foundation

/// Relative links in a lesson's text that lead nowhere, such as an exercise that was renamed.
enum LessonLinks {
    static func broken(in document: LessonDocument) -> [CourseProblem] {
        let folder = document.url.deletingLastPathComponent()
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        var problems: [CourseProblem] = []
        var inCode = false
        for (index, line) in document.lines.enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inCode.toggle() }
            if inCode { continue }
            let range = NSRange(line.startIndex..., in: line)
            for match in pattern.matches(in: line, range: range) {
                guard let targetRange = Range(match.range(at: 1), in: line) else { continue }
                let target = String(line[targetRange])
                if target.contains(":") || target.hasPrefix("#") { continue }  // a web address or an anchor
                let path = target.split(separator: "#", maxSplits: 1).first.map(String.init) ?? target
                if !FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path) {
                    problems.append(CourseProblem(file: document.displayPath, line: index + 1,
                                                  message: "the link to \(target) leads nowhere"))
                }
            }
        }
        return problems
    }
}
