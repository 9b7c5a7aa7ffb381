

/// One case: a named list of steps.
struct CaseFile: Decodable {
    var name: String
    var weight: Double?
    var hidden: Bool?
    var steps: [StepFile]
    var container: [ContainerAssertionFile]
    var repetitions: Int?
    var seed: UInt64?
    /// `changes`: kill at each change of the container's files instead of at seeded moments.
    var killAt: String?
    var generate: InputSpecFile?
    /// `10x`: relative to the reference's time.
    var timeout: String?
    var timeoutFloor: SecondsValue?
    /// Resources removed or written anew in the app bundle for this case.
    var bundle: BundleEditsFile?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, weight, hidden, steps, container
        case repetitions = "repeat"
        case seed, generate, timeout
        case killAt = "kill_at"
        case timeoutFloor = "timeout_floor"
        case bundle
    }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        weight = try container.decodeIfPresent(Double.self, forKey: .weight)
        hidden = try container.decodeIfPresent(Bool.self, forKey: .hidden)
        steps = try container.decode([StepFile].self, forKey: .steps)
        self.container = try container.decodeIfPresent([ContainerAssertionFile].self, forKey: .container) ?? []
        repetitions = try container.decodeIfPresent(Int.self, forKey: .repetitions)
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
        killAt = try container.decodeIfPresent(String.self, forKey: .killAt)
        generate = try container.decodeIfPresent(InputSpecFile.self, forKey: .generate)
        timeout = try container.decodeIfPresent(String.self, forKey: .timeout)
        timeoutFloor = try container.decodeIfPresent(SecondsValue.self, forKey: .timeoutFloor)
        bundle = try container.decodeIfPresent(BundleEditsFile.self, forKey: .bundle)
        try decoder.check(timeoutFloor.flatMap { FieldBounds.timeoutFloor.problem($0.seconds, written: $0.written) },
                          at: CodingKeys.timeoutFloor)
    }
}
