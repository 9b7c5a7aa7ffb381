// Mutant: a person without a name key decodes with an empty name instead of throwing keyNotFound
// Hint: Every key is required, the name too: decode it with `decode`, not `decodeIfPresent` with a default, so a missing one is `keyNotFound` as the synthesized code reports it.
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

    /// The booking system's format: made for data, so a fixed locale and time zone.
    static let visitFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy HH:mm"
        return formatter
    }()
}

// In an extension, so that Person keeps its memberwise initializer.
extension Person {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        born = try container.decode(Date.self, forKey: .born)          // the decoder's .iso8601
        let visitText = try container.decode(String.self, forKey: .lastVisit)
        guard let visit = Person.visitFormatter.date(from: visitText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .lastVisit, in: container,
                debugDescription: "lastVisit \"\(visitText)\" is not in the format dd/MM/yyyy HH:mm")
        }
        lastVisit = visit
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(born, forKey: .born)                      // the encoder's .iso8601
        try container.encode(Person.visitFormatter.string(from: lastVisit), forKey: .lastVisit)
    }
}

/// The coders the app uses for people, and for anything that contains them.
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
