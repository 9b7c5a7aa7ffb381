import Foundation

/// Reading `requirements:` in `exercise.yml`: each quotes the statement and names cases and
/// mutants the exercise has.
extension CourseLoader {
    /// The exercise's requirements, numbered in order; a quote the statement does not hold, or
    /// a case or mutant the exercise does not have, is one of `problems`.
    ///
    /// What only grading can tell (a requirement with no case or no mutant, a mutant that passes
    /// the requirement's cases) is `grader verify`'s to report, not the loader's: the exercise
    /// still grades.
    func requirements(
        _ files: [RequirementFile], cases: [TestCase], mutants: [Mutant], statement: URL,
        document: YAMLDocument, problems: inout [CourseProblem]
    ) -> [Requirement] {
        guard !files.isEmpty else { return [] }
        let statementText = (try? String(contentsOf: statement, encoding: .utf8)).map(Self.quotable)
        let caseNames = Set(cases.map(\.name))
        let mutantNames = Set(mutants.map(\.name))
        var seen = Set<String>()
        var requirements: [Requirement] = []
        for (index, file) in files.enumerated() {
            let path: [CodingKey] = [AnyCodingKey("requirements"), AnyCodingKey(index)]
            let quote = Self.quotable(file.statement)
            if quote.isEmpty {
                problems.append(document.problem(at: path + [AnyCodingKey("statement")],
                                                 "quote the sentence of README.md this requirement comes from"))
            } else if let statementText, !statementText.contains(quote) {
                problems.append(document.problem(
                    at: path + [AnyCodingKey("statement")],
                    "README.md does not say \"\(file.statement)\": quote the statement's own words (Markdown's `*`, backquotes and line breaks aside), or say the requirement in README.md first"))
            } else if !seen.insert(quote).inserted {
                problems.append(document.problem(at: path + [AnyCodingKey("statement")], "another requirement quotes the same words"))
            }
            for (caseIndex, name) in file.cases.enumerated() where !caseNames.contains(name) {
                problems.append(document.problem(
                    at: path + [AnyCodingKey("cases"), AnyCodingKey(caseIndex)],
                    "no case is named \"\(name)\"\(caseNames.contains("exploration") || name != "exploration" ? "" : " (the exploration is a case only when the exercise has `explore:`)")"))
            }
            for (mutantIndex, name) in file.mutants.enumerated() where !mutantNames.contains(name) {
                problems.append(document.problem(
                    at: path + [AnyCodingKey("mutants"), AnyCodingKey(mutantIndex)],
                    "no mutant is named \"\(name)\": name a file of Mutants/ without its extension"))
            }
            requirements.append(Requirement(number: index + 1, statement: file.statement, cases: file.cases,
                                            mutants: file.mutants, location: document.problem(at: path, "")))
        }
        return requirements
    }

    /// `text` as a quote is compared with the statement: Markdown's emphasis and code marks
    /// left out, every run of white space one space.
    static func quotable(_ text: String) -> String {
        text.filter { $0 != "*" && $0 != "`" }
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
