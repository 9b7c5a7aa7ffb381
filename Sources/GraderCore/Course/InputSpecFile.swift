import Foundation

/// `generate:` in a case.
struct InputSpecFile: Decodable {
    var seed: UInt64
    var count: Int
    var values: [(String, ValueGenerator)]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case seed, count, values
    }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed) ?? 1
        count = try c.decodeIfPresent(Int.self, forKey: .count) ?? 20
        guard (1...1000).contains(count) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [CodingKeys.count],
                                                   debugDescription: "count must be between 1 and 1000"))
        }
        let variables = try c.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .values)
        // Sorted, so that each variable draws the same numbers whatever order the YAML decoder gives.
        values = try variables.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
            guard key.stringValue.first.map({ $0.isLetter || $0 == "_" }) == true,
                  key.stringValue.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [CodingKeys.values, key],
                                                       debugDescription: "a variable name is letters, digits and _"))
            }
            return (key.stringValue, try variables.decode(GeneratorFile.self, forKey: key).generator)
        }
        guard !values.isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [CodingKeys.values],
                                                   debugDescription: "name at least one value to generate"))
        }
    }
}
