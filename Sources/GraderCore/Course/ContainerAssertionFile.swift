import ExerciseKit


/// One entry of a case's `container:` list.
struct ContainerAssertionFile: Decodable {
    var path: String
    var kind: ContainerAssertion.Kind
    var equals: JSONValue?
    var size: SizeBounds?
    var unordered: Bool?
    var tolerance: Double?
    /// Numbers compare with their type (a property list's `<integer>` is not its `<real>`).
    var typedNumbers: Bool?
    var query: String?
    var userVersion: Int?

    struct SizeBounds: Decodable {
        var min: ByteCount?
        var max: ByteCount?

        enum CodingKeys: String, CodingKey, CaseIterable { case min, max }

        init(from decoder: Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            min = try container.decodeIfPresent(ByteCount.self, forKey: .min)
            max = try container.decodeIfPresent(ByteCount.self, forKey: .max)
            try decoder.check(min.flatMap { FieldBounds.containerSize.problem($0.bytes, written: $0.written) }, at: CodingKeys.min)
            try decoder.check(max.flatMap { FieldBounds.containerSize.problem($0.bytes, written: $0.written) }, at: CodingKeys.max)
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case path
        case kind = "is"
        case equals, size, unordered, tolerance, query
        case typedNumbers = "typed_numbers"
        case userVersion = "user_version"
    }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decode(String.self, forKey: .path)
        let kindName = try container.decode(String.self, forKey: .kind)
        guard let kind = ContainerAssertion.Kind(rawValue: kindName) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath + [CodingKeys.kind],
                debugDescription: "unknown kind '\(kindName)'; expected one of: \(ContainerAssertion.Kind.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        self.kind = kind
        equals = container.contains(.equals) ? try container.decode(YAMLValue.self, forKey: .equals).value : nil
        size = try container.decodeIfPresent(SizeBounds.self, forKey: .size)
        unordered = try container.decodeIfPresent(Bool.self, forKey: .unordered)
        tolerance = try container.decodeIfPresent(Double.self, forKey: .tolerance)
        typedNumbers = try container.decodeIfPresent(Bool.self, forKey: .typedNumbers)
        query = try container.decodeIfPresent(String.self, forKey: .query)
        userVersion = try container.decodeIfPresent(Int.self, forKey: .userVersion)
        try decoder.check(tolerance.flatMap { $0.isFinite ? nil : "a tolerance is a finite number, such as 0.001" }, at: CodingKeys.tolerance)
        try decoder.check(userVersion.flatMap { FieldBounds.userVersion.problem($0, written: "\($0)") }, at: CodingKeys.userVersion)
    }
}
