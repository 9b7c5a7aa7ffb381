import ExerciseKit


/// `expect_error: Type.case`, or `{type: …, case: …, path: …, value: …, code: …, message: …}`
/// to state the coding path, the associated values, the code or the message too.
struct ErrorFile: Decodable {
    var text: String?
    var type: String?
    var `case`: String?
    var path: String?
    var value: JSONValue?
    var hasValue = false
    var code: Int?
    var message: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, `case`, path, value, code, message
    }

    init(from decoder: Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.text = text
            return
        }
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        `case` = try container.decodeIfPresent(String.self, forKey: .case)
        path = try container.decodeIfPresent(String.self, forKey: .path)
        hasValue = container.contains(.value)
        value = try container.decodeIfPresent(JSONValue.self, forKey: .value)
        if let value, Self.holdsNonFiniteNumber(value) {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [CodingKeys.value],
                                                   debugDescription: "JSON has no NaN or infinity; quote it if it is text"))
        }
        code = try container.decodeIfPresent(Int.self, forKey: .code)
        message = try container.decodeIfPresent(String.self, forKey: .message)
    }

    private static func holdsNonFiniteNumber(_ value: JSONValue) -> Bool {
        switch value {
        case .double(let number): return !number.isFinite
        case .array(let items): return items.contains(where: holdsNonFiniteNumber)
        case .object(let members): return members.values.contains(where: holdsNonFiniteNumber)
        case .null, .bool, .int, .string: return false
        }
    }
}
