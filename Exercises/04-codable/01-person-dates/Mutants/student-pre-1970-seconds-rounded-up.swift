// Mutant: encoding drops lastVisit's seconds by hand with integer division on the Unix time (Int(t) / 60 * 60), which rounds toward zero, so for a visit before 1970 with seconds it moves to the NEXT minute instead of dropping the seconds: 31/12/1969 23:59:30 UTC is written "01/01/1970 00:00" (a new day and year) and 23:58:30 is written "23:59" (dates from 1970 on are unaffected)
// Hint: Let the DateFormatter write lastVisit: dropping seconds by integer division rounds toward zero, which before 1970 is the next minute.
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

    /// The booking system's format: a formatter made for data (fixed locale, UTC).
    static func makeVisitFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy HH:mm"
        return formatter
    }
}

// In an extension, so that the memberwise initializer Person(name:born:lastVisit:) stays.
extension Person {
    /// `born` goes through the decoder's date strategy (ISO 8601); `lastVisit` is read as
    /// text and parsed with the booking system's format.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        born = try container.decode(Date.self, forKey: .born)
        let visitText = try container.decode(String.self, forKey: .lastVisit)
        guard let visit = Person.makeVisitFormatter().date(from: visitText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .lastVisit, in: container,
                debugDescription: "lastVisit \"\(visitText)\" is not in the format dd/MM/yyyy HH:mm")
        }
        lastVisit = visit
    }

    /// `born` through the encoder's date strategy; `lastVisit` as "dd/MM/yyyy HH:mm" text,
    /// without its seconds.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(born, forKey: .born)
        // Encoding drops the seconds: keep whole minutes only.
        let wholeMinutes = Date(timeIntervalSince1970:
            TimeInterval(Int(lastVisit.timeIntervalSince1970) / 60 * 60))
        try container.encode(Person.makeVisitFormatter().string(from: wholeMinutes), forKey: .lastVisit)
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
