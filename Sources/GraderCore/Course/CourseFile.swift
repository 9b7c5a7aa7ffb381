/// `grader.yml` as written: the course manifest. Validated into ``Course`` by ``CourseLoader``.
///
/// ```yaml
/// format: 1
/// title: The persistence workbook
/// defaults:
///   time_limit: 10s
///   memory: 2GiB
///   output_limit: 1MiB
///   points: 10
/// lessons:
///   - id: 01-defaults
///     title: User defaults
///     exercises: [01-car-settings, 02-settings-bundle]
/// ```
struct CourseFile: Decodable {
    static let currentFormat = 1

    var format: Int
    var title: String
    var defaults: LimitsFile?
    var lessons: [LessonEntry]
    /// The least mutation score an exercise may have (`grader verify --mutants`).
    var mutationMinimum: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case format, title, defaults, lessons
        case mutationMinimum = "mutation_minimum"
    }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(Int.self, forKey: .format)
        title = try container.decode(String.self, forKey: .title)
        defaults = try container.decodeIfPresent(LimitsFile.self, forKey: .defaults)
        lessons = try container.decode([LessonEntry].self, forKey: .lessons)
        mutationMinimum = try container.decodeIfPresent(Double.self, forKey: .mutationMinimum)
        if let minimum = mutationMinimum, !(minimum.isFinite && (0...1).contains(minimum)) {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [CodingKeys.mutationMinimum],
                                                   debugDescription: "a share between 0 and 1, such as 0.9"))
        }
    }

    struct LessonEntry: Decodable {
        var id: String
        var title: String
        var exercises: [String]

        enum CodingKeys: String, CodingKey, CaseIterable {
            case id, title, exercises
        }

        init(from decoder: Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            title = try container.decode(String.self, forKey: .title)
            exercises = try container.decodeIfPresent([String].self, forKey: .exercises) ?? []
        }
    }
}
