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

    // TODO: make both date formats work (see the README for the choices).
}

/// The coders the app uses for people, and for anything that contains them.
enum PersonJSON {
    static func makeDecoder() -> JSONDecoder {
        // TODO: configure the decoder.
        JSONDecoder()
    }

    static func makeEncoder() -> JSONEncoder {
        // TODO: compact JSON, sorted keys, plain slashes, and the right date formats.
        JSONEncoder()
    }
}
