// Mutant: formats lastVisit with "YYYY" (week-based year) instead of "yyyy"
// Hint: check the exact letters of the year in your date format against the statement: there are two different "years" in date patterns.
import Foundation

struct Person: Codable, Equatable {
    var name: String
    var born: Date
    var lastVisit: Date

    enum CodingKeys: String, CodingKey {
        case name, born, lastVisit
    }

    static func visitFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/YYYY HH:mm"
        return formatter
    }
}

extension Person {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        born = try container.decode(Date.self, forKey: .born)
        let text = try container.decode(String.self, forKey: .lastVisit)
        guard let date = Person.visitFormatter().date(from: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .lastVisit, in: container,
                debugDescription: "lastVisit must be dd/MM/yyyy HH:mm, got \(text)")
        }
        lastVisit = date
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(born, forKey: .born)
        try container.encode(Person.visitFormatter().string(from: lastVisit), forKey: .lastVisit)
    }
}

enum PersonJSON {
    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
