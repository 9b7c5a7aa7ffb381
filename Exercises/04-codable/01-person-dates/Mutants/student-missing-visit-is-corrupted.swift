// Mutant: reads lastVisit with try? and one guard for "missing or unreadable", so a person without lastVisit is reported as dataCorrupted instead of the decoder's keyNotFound
// Hint: A missing `lastVisit` and a `lastVisit` in the wrong format are two different mistakes, and a missing key is the decoder's own `keyNotFound`. Reading the text in a way that hides the decoder's error (such as `try?`) turns both into `dataCorrupted`; throw yours only when the text is there and does not parse.
import Foundation

struct Person: Codable, Equatable {
    var name: String
    var born: Date
    var lastVisit: Date

    enum CodingKeys: String, CodingKey {
        case name, born, lastVisit
    }
}

let visitFormat: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "dd/MM/yyyy HH:mm"
    return formatter
}()

extension Person {
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        born = try container.decode(Date.self, forKey: .born)
        // One check covers both problems: no text, or text in the wrong format.
        guard let text = try? container.decode(String.self, forKey: .lastVisit),
              let date = visitFormat.date(from: text) else {
            throw DecodingError.dataCorruptedError(forKey: .lastVisit, in: container,
                                                   debugDescription: "lastVisit is missing or not dd/MM/yyyy HH:mm")
        }
        lastVisit = date
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(born, forKey: .born)
        try container.encode(visitFormat.string(from: lastVisit), forKey: .lastVisit)
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
