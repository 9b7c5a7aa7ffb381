// Mutant: a lastVisit that is not in dd/MM/yyyy HH:mm is tried again as ISO 8601 before it is refused, so "2023-12-31T23:59:00Z" decodes instead of throwing dataCorrupted at lastVisit
// Hint: lastVisit has one format, the booking system's: any other text, ISO 8601 included, is dataCorrupted at its key.
import Foundation

/// A person as the clinic's web service sends it.
///
/// ```json
/// { "name": "Lucía Gómez", "born": "1990-05-17T08:00:00Z", "lastVisit": "03/11/2024 18:30" }
/// ```
///
/// `born` is in ISO 8601; `lastVisit` is "dd/MM/yyyy HH:mm" in UTC.
struct Person: Codable, Equatable {
    var name: String
    var born: Date
    var lastVisit: Date

    enum CodingKeys: String, CodingKey {
        case name, born, lastVisit
    }

    /// The booking system's format: "dd/MM/yyyy HH:mm", always in UTC.
    static let visitFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy HH:mm"
        return formatter
    }()
}

extension Person {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let born = try container.decode(Date.self, forKey: .born)
        let visitText = try container.decode(String.self, forKey: .lastVisit)
        // Be forgiving: some bookings arrive in ISO 8601 like born.
        guard let lastVisit = Person.visitFormatter.date(from: visitText)
                ?? ISO8601DateFormatter().date(from: visitText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .lastVisit, in: container,
                debugDescription: "Expected dd/MM/yyyy HH:mm, got \(visitText)")
        }
        self.init(name: name, born: born, lastVisit: lastVisit)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(born, forKey: .born)
        try container.encode(Person.visitFormatter.string(from: lastVisit), forKey: .lastVisit)
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
