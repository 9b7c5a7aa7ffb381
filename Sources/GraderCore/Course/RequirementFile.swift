/// One item of `requirements:` in `exercise.yml`, as written: a sentence of the statement and
/// what proves that solutions meet it. Validated into ``Requirement``.
struct RequirementFile: Decodable {
    /// The statement's words, quoted: found in the exercise's `README.md` once Markdown's marks
    /// and line breaks are set aside.
    var statement: String
    /// The names of the cases that exercise it (`exploration` for the exploration).
    var cases: [String]
    /// The names of the hand-written mutants (files in `Mutants/`, without extension) that break
    /// it and nothing else.
    var mutants: [String]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case statement, cases, mutants
    }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        statement = try container.decode(String.self, forKey: .statement)
        cases = try container.decodeIfPresent([String].self, forKey: .cases) ?? []
        mutants = try container.decodeIfPresent([String].self, forKey: .mutants) ?? []
    }
}
