// Mutant: lastVisit is read with decodeIfPresent and a nil result is reported as keyNotFound, which is right for a missing key but also turns `"lastVisit": null` into keyNotFound at the person ((top level), or [0] in a list) instead of the valueNotFound(String) at lastVisit / [0].lastVisit that the synthesized code (and a plain decode) reports for null
// Hint: A null lastVisit is there: decode it as a String and let valueNotFound through, not keyNotFound.
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

    /// The booking system's format, made for data: fixed locale, UTC, 24-hour clock.
    static func makeVisitFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy HH:mm"
        return formatter
    }
}

extension Person {
    // In an extension, so that the memberwise Person(name:born:lastVisit:) stays.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        born = try container.decode(Date.self, forKey: .born)          // the decoder's .iso8601
        guard let visitText = try container.decodeIfPresent(String.self, forKey: .lastVisit) else {
            throw DecodingError.keyNotFound(CodingKeys.lastVisit, DecodingError.Context(
                codingPath: container.codingPath,
                debugDescription: "No value associated with key lastVisit."))
        }
        guard let visit = Person.makeVisitFormatter().date(from: visitText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .lastVisit, in: container,
                debugDescription: "lastVisit must be dd/MM/yyyy HH:mm in UTC, got \"\(visitText)\"")
        }
        lastVisit = visit
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(born, forKey: .born)                       // the encoder's .iso8601
        // The format has no seconds, so the formatter drops them.
        try container.encode(Person.makeVisitFormatter().string(from: lastVisit), forKey: .lastVisit)
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
