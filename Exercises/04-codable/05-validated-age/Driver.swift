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
