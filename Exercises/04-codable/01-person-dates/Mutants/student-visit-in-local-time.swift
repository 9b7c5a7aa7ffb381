// Mutant: builds the lastVisit formatter with the right pattern and POSIX locale but never sets its time zone, so the visit is read and written in the phone's zone instead of UTC (it works on a Mac set to UTC)
// Hint: A `DateFormatter` with no time zone uses the phone's, so the same visit text means a different instant on a phone set to another zone, and the time written back shifts with it. The statement says `lastVisit` is always in UTC: check every setting of the formatter you read and write it with.
import Foundation

struct Person: Codable, Equatable {
    var name: String
    var born: Date
    var lastVisit: Date
}

extension Person {
    private enum Keys: String, CodingKey {
        case name
        case born
        case lastVisit
    }

    private static func visitFormatter() -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "dd/MM/yyyy HH:mm"
        return f
    }

    init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: Keys.self)
        let name = try values.decode(String.self, forKey: .name)
        let born = try values.decode(Date.self, forKey: .born)
        let text = try values.decode(String.self, forKey: .lastVisit)
        if let visit = Person.visitFormatter().date(from: text) {
            self.init(name: name, born: born, lastVisit: visit)
        } else {
            throw DecodingError.dataCorruptedError(forKey: .lastVisit, in: values,
                                                   debugDescription: "bad date \(text)")
        }
    }

    func encode(to encoder: Encoder) throws {
        var values = encoder.container(keyedBy: Keys.self)
        try values.encode(name, forKey: .name)
        try values.encode(born, forKey: .born)
        try values.encode(Person.visitFormatter().string(from: lastVisit), forKey: .lastVisit)
    }
}

enum PersonJSON {
    static func makeDecoder() -> JSONDecoder {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .iso8601
        return d
    }

    static func makeEncoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.dateEncodingStrategy = .iso8601
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }
}
