import Foundation
import Yams

extension Decoder {
    /// Throws when the mapping being decoded has a field that `keys` does not list, so that a
    /// misspelt `expcet:` is an error instead of a silently skipped check.
    func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) throws {
        let container = try self.container(keyedBy: AnyCodingKey.self)
        let known = Keys.allCases.map(\.stringValue)
        for key in container.allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath + [key],
                debugDescription: "unknown field '\(key.stringValue)'; expected one of: \(known.joined(separator: ", "))"))
        }
    }
}
