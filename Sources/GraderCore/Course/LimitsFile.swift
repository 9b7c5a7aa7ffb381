

/// Limits and points, in `grader.yml`'s `defaults` or an exercise's `limits`.
struct LimitsFile: Decodable {
    var timeLimit: SecondsValue?
    var memory: ByteCount?
    var outputLimit: ByteCount?
    var fileSize: ByteCount?
    var points: Int?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case timeLimit = "time_limit"
        case memory
        case outputLimit = "output_limit"
        case fileSize = "file_size"
        case points
    }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        timeLimit = try container.decodeIfPresent(SecondsValue.self, forKey: .timeLimit)
        memory = try container.decodeIfPresent(ByteCount.self, forKey: .memory)
        outputLimit = try container.decodeIfPresent(ByteCount.self, forKey: .outputLimit)
        fileSize = try container.decodeIfPresent(ByteCount.self, forKey: .fileSize)
        points = try container.decodeIfPresent(Int.self, forKey: .points)
        try decoder.check(timeLimit.flatMap { FieldBounds.timeLimit.problem($0.seconds, written: $0.written) }, at: CodingKeys.timeLimit)
        try decoder.check(memory.flatMap { FieldBounds.memory.problem($0.bytes, written: $0.written) }, at: CodingKeys.memory)
        try decoder.check(outputLimit.flatMap { FieldBounds.outputLimit.problem($0.bytes, written: $0.written) },
                          at: CodingKeys.outputLimit)
        try decoder.check(fileSize.flatMap { FieldBounds.fileSize.problem($0.bytes, written: $0.written) }, at: CodingKeys.fileSize)
        try decoder.check(points.flatMap { FieldBounds.points.problem($0, written: "\($0)") }, at: CodingKeys.points)
    }
}
