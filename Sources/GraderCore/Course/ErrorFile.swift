

/// `expect_error: Type.case`, or `{type: …, case: …, path: …}` to state the coding path too.
struct ErrorFile: Decodable {
    var text: String?
    var type: String?
    var `case`: String?
    var path: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, `case`, path
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
    }
}
