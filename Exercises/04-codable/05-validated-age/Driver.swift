import ExerciseKit
import Foundation

@main
enum ValidatedAgeDriver: ExerciseDriver {
    /// A person as the cases see it: `{name, age, email}` (email left out when nil).
    struct PersonView: Encodable {
        var name: String
        var age: Int
        var email: String?

        init(_ person: Person) {
            name = person.name
            age = person.age
            email = person.email
        }
    }

    struct RosterView: Encodable {
        var club: String
        var people: [PersonView]
    }

    static func register(_ app: inout Operations) {
        let store = RosterStore()

        // The case's `args` is the document itself, handed to the decoders as bytes.
        app.on("decodePerson") { (document: JSONValue) in
            PersonView(try JSONDecoder().decode(Person.self, from: document.jsonData()))
        }
        app.on("decodePersonPlist") { (document: JSONValue) in
            PersonView(try PropertyListDecoder().decode(Person.self, from: document.plistData()))
        }
        app.on("decodePeople") { (document: JSONValue) in
            try JSONDecoder().decode([Person].self, from: document.jsonData()).map(PersonView.init)
        }
        app.on("importRoster") { (document: JSONValue) in
            try store.importRoster(from: document.jsonData())
        }
        app.on("loadRoster") { () -> RosterView? in
            store.load().map { RosterView(club: $0.club, people: $0.people.map(PersonView.init)) }
        }
    }
}

/// Any JSON value, so that a case can write the document to decode as its `args`.
enum JSONValue: Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .int(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }

    func jsonData() throws -> Data {
        try JSONEncoder().encode(self)
    }

    /// The same document as an XML property list (a case sends no nulls here).
    func plistData() throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return try encoder.encode(self)
    }
}
