/// `exercise.yml` as written: an exercise's metadata and cases. Validated into ``Exercise``.
/// `Exercises/README.md` documents every field with a complete example.
struct ExerciseFile: Decodable {
    static let currentFormat = 1

    var format: Int
    var title: String
    var summary: String
    var points: Int?
    var hints: [String]
    var limits: LimitsFile?
    var defaultsSuites: [String]
    /// Names of files or folders in the course's `Resources/` to put in the app bundle.
    var resources: [String]
    var cases: [CaseFile]
    var explore: ExplorationFile?
    var equivalentMutants: [String: String]
    /// The fingerprint of the reference and the mutations `equivalentMutants` was judged for.
    var equivalentMutantsReviewed: String?
    /// The statement's requirements, each with its cases and mutants.
    var requirements: [RequirementFile]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case format, title, summary, points, hints, limits
        case defaultsSuites = "defaults_suites"
        case resources, cases, explore
        case equivalentMutants = "equivalent_mutants"
        case equivalentMutantsReviewed = "equivalent_mutants_reviewed"
        case requirements
    }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(Int.self, forKey: .format)
        title = try container.decode(String.self, forKey: .title)
        summary = try container.decode(String.self, forKey: .summary)
        points = try container.decodeIfPresent(Int.self, forKey: .points)
        try decoder.check(points.flatMap { FieldBounds.points.problem($0, written: "\($0)") }, at: CodingKeys.points)
        hints = try container.decodeIfPresent([String].self, forKey: .hints) ?? []
        limits = try container.decodeIfPresent(LimitsFile.self, forKey: .limits)
        defaultsSuites = try container.decodeIfPresent([String].self, forKey: .defaultsSuites) ?? []
        resources = try container.decodeIfPresent([String].self, forKey: .resources) ?? []
        cases = try container.decode([CaseFile].self, forKey: .cases)
        explore = try container.decodeIfPresent(ExplorationFile.self, forKey: .explore)
        equivalentMutants = try container.decodeIfPresent([String: String].self, forKey: .equivalentMutants) ?? [:]
        equivalentMutantsReviewed = try container.decodeIfPresent(String.self, forKey: .equivalentMutantsReviewed)
        try decoder.check(equivalentMutantsReviewed.flatMap { written in
            written.count == 16 && written.allSatisfy({ $0.isHexDigit && !$0.isUppercase })
                ? nil : "must be the 16 hexadecimal digits `grader verify --mutants` prints for it, not \"\(written)\""
        }, at: CodingKeys.equivalentMutantsReviewed)
        requirements = try container.decodeIfPresent([RequirementFile].self, forKey: .requirements) ?? []
    }
}
