import ExerciseKit
import Foundation

@main
enum PersonDatesDriver: ExerciseDriver {
    struct JSONText: Decodable { var json: String }

    /// A person as the cases write it and see it: both dates as ISO 8601 (ExerciseKit's coders).
    struct PersonView: Codable {
        var name: String
        var born: Date
        var lastVisit: Date

        init(_ person: Person) {
            name = person.name
            born = person.born
            lastVisit = person.lastVisit
        }
    }

    /// A generated person: `born` is ISO 8601 text put into the JSON as it is; `visit` is
    /// written into the JSON in the service's format by the driver.
    struct Parts: Decodable {
        var name: String
        var born: String
        var visit: Date
    }

    struct Decoded: Encodable {
        var person: PersonView
        var encodedAgain: String
    }

    /// The service's visit format, as the fixtures write it.
    static func serviceText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy HH:mm"
        return formatter.string(from: date)
    }

    static func register(_ app: inout Operations) {
        app.on("decode") { (args: JSONText) -> PersonView in
            PersonView(try PersonJSON.makeDecoder().decode(Person.self, from: Data(args.json.utf8)))
        }
        app.on("decodeList") { (args: JSONText) -> [PersonView] in
            try PersonJSON.makeDecoder().decode([Person].self, from: Data(args.json.utf8)).map(PersonView.init)
        }
        app.on("encode") { (args: PersonView) -> String in
            let person = Person(name: args.name, born: args.born, lastVisit: args.lastVisit)
            return String(decoding: try PersonJSON.makeEncoder().encode(person), as: UTF8.self)
        }
        app.on("decodeParts") { (args: Parts) -> Decoded in
            // JSONSerialization escapes the name; sorted keys keep the input stable.
            let object: [String: Any] = ["name": args.name, "born": args.born, "lastVisit": serviceText(args.visit)]
            let input = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            let person = try PersonJSON.makeDecoder().decode(Person.self, from: input)
            let again = try PersonJSON.makeEncoder().encode(person)
            return Decoded(person: PersonView(person), encodedAgain: String(decoding: again, as: UTF8.self))
        }
    }
}
