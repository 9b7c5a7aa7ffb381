import Foundation

/// Limits and points, in `grader.yml`'s `defaults` or an exercise's `limits`.
struct LimitsFile: Decodable {
    var timeLimit: SecondsValue?
    var memory: ByteCount?
    var outputLimit: ByteCount?
    var fileSize: ByteCount?
    var points: Int?
    var processes: Int?
    var totalMemory: ByteCount?
    var tmpSize: ByteCount?
    var containerSize: ByteCount?
    var cpuTime: SecondsValue?
    var cpus: Double?
    var caseTimeLimit: SecondsValue?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case timeLimit = "time_limit"
        case memory
        case outputLimit = "output_limit"
        case fileSize = "file_size"
        case points
        case processes
        case totalMemory = "total_memory"
        case tmpSize = "tmp_size"
        case containerSize = "container_size"
        case cpuTime = "cpu_time"
        case cpus
        case caseTimeLimit = "case_time_limit"
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
        try decodeResourceLimits(container, decoder.codingPath)
    }

    /// The limits of issue 17, each range-checked: a value outside its range is an error at its
    /// field, never a limit the sandbox cannot apply.
    private mutating func decodeResourceLimits(_ container: KeyedDecodingContainer<CodingKeys>, _ path: [CodingKey]) throws {
        func check(_ ok: Bool, _ key: CodingKeys, _ range: String) throws {
            guard !ok else { return }
            throw DecodingError.dataCorrupted(.init(codingPath: path + [key], debugDescription: "\(key.stringValue) must be \(range)"))
        }
        processes = try container.decodeIfPresent(Int.self, forKey: .processes)
        try check(processes.map { (8...65_536).contains($0) } ?? true, .processes, "between 8 and 65536 (processes and threads)")
        totalMemory = try container.decodeIfPresent(ByteCount.self, forKey: .totalMemory)
        try check(totalMemory.map { (32 << 20...1 << 40).contains($0.bytes) } ?? true, .totalMemory, "between 32MiB and 1TiB")
        tmpSize = try container.decodeIfPresent(ByteCount.self, forKey: .tmpSize)
        try check(tmpSize.map { (64 << 10...1 << 40).contains($0.bytes) } ?? true, .tmpSize, "between 64KiB and 1TiB")
        containerSize = try container.decodeIfPresent(ByteCount.self, forKey: .containerSize)
        try check(containerSize.map { (64 << 10...1 << 40).contains($0.bytes) } ?? true, .containerSize, "between 64KiB and 1TiB")
        cpuTime = try container.decodeIfPresent(SecondsValue.self, forKey: .cpuTime)
        try check(cpuTime.map { $0.seconds >= 1 && $0.seconds <= 86_400 } ?? true, .cpuTime, "between 1s and 86400s")
        cpus = try container.decodeIfPresent(Double.self, forKey: .cpus)
        try check(cpus.map { $0 >= 0.01 && $0 <= 1024 } ?? true, .cpus, "a number of cores between 0.01 and 1024")
        caseTimeLimit = try container.decodeIfPresent(SecondsValue.self, forKey: .caseTimeLimit)
        try check(caseTimeLimit.map { $0.seconds >= 0.1 && $0.seconds <= 86_400 } ?? true, .caseTimeLimit, "between 100ms and 86400s")
    }
}
