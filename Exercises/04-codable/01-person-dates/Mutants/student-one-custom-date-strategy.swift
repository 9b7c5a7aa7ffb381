// Mutant: uses one .custom date strategy that tries ISO 8601 and then dd/MM/yyyy HH:mm for every date, and one that writes each date by its key, so a born date in the visit format is accepted instead of refused
// Hint: Each date has its own format: a `born` written as `dd/MM/yyyy HH:mm` is not a valid birth date and must be refused with `dataCorrupted`. A single strategy that tries every format on every date accepts it; let each key read only its own format.
import Foundation

struct Person: Codable, Equatable {
    var name: String
    var born: Date
    var lastVisit: Date
}

enum PersonJSON {
    static let iso: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }()

    static let visit: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy HH:mm"
        return formatter
    }()

    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let single = try decoder.singleValueContainer()
            let text = try single.decode(String.self)
            // Whichever format the text is in.
            if let date = iso.date(from: text) ?? visit.date(from: text) {
                return date
            }
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "unknown date format: \(text)")
        }
        return decoder
    }

    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var single = encoder.singleValueContainer()
            if encoder.codingPath.last?.stringValue == "lastVisit" {
                try single.encode(visit.string(from: date))
            } else {
                try single.encode(iso.string(from: date))
            }
        }
        return encoder
    }
}
