// Mutant: when lastVisit does not parse, tries again with seconds (dd/MM/yyyy HH:mm:ss), so "03/11/2024 18:30:15" is accepted instead of refused
// Hint: Seconds are dropped when writing; when reading, lastVisit has exactly one format, and text with seconds is not in it.
import Foundation

/// A person as the clinic's web service sends it.
///
/// ```json
/// { "name": "Lucía Gómez", "born": "1990-05-17T08:00:00Z", "lastVisit": "03/11/2024 18:30" }
/// ```
///
/// `born` is ISO 8601, which the coders' `.iso8601` strategy handles. `lastVisit` uses the
/// service's own format, so `Person` reads and writes that one key itself; the strategy
/// never sees it, because `lastVisit` goes through the container as a `String`.
struct Person: Codable, Equatable {
    var name: String
    var born: Date
    var lastVisit: Date

    enum CodingKeys: String, CodingKey {
        case name, born, lastVisit
    }

    /// Reads and writes "03/11/2024 18:30". A formatter for data needs a fixed locale (so
    /// that digits and the calendar never follow the user's settings) and a fixed time zone
    /// (so that the same text is the same instant on every device).
    static let visitFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy HH:mm"      // yyyy: calendar year; HH: 00–23
        return formatter
    }()
}

// In an extension, so that Person keeps its memberwise initializer.
extension Person {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        // A Date: the decoder's dateDecodingStrategy (.iso8601) applies.
        born = try container.decode(Date.self, forKey: .born)
        // A String that we parse ourselves.
        let visitText = try container.decode(String.self, forKey: .lastVisit)
        let withSeconds = DateFormatter()
        withSeconds.locale = Locale(identifier: "en_US_POSIX")
        withSeconds.timeZone = TimeZone(identifier: "UTC")
        withSeconds.dateFormat = "dd/MM/yyyy HH:mm:ss"
        guard let visit = Person.visitFormatter.date(from: visitText) ?? withSeconds.date(from: visitText) else {
            // The error carries the container's path plus the key, like the decoder's own.
            throw DecodingError.dataCorruptedError(
                forKey: .lastVisit, in: container,
                debugDescription: "lastVisit \"\(visitText)\" is not in the format dd/MM/yyyy HH:mm")
        }
        lastVisit = visit
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(born, forKey: .born)
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
        // Sorted keys: the same person always gives the same text.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
