import ExerciseKit
import Foundation

@main
enum ErrorReporterDriver: ExerciseDriver {
    // MARK: The fixed model the cases' JSON is decoded into

    struct AddressBook: Decodable {
        var owner: String
        var contacts: [Entry]
    }

    struct Entry: Decodable {
        struct Address: Decodable {
            var street: String
            var city: String
        }

        var name: String
        var age: Int
        var email: String
        var phones: [String]
        var homepage: URL?
        var address: Address?
        var scores: [String: Int]?

        enum CodingKeys: String, CodingKey {
            case name, age, email, phones, homepage, address, scores
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            age = try container.decode(Int.self, forKey: .age)
            guard age >= 0 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .age, in: container, debugDescription: "age cannot be negative")
            }
            email = try container.decode(String.self, forKey: .email)
            phones = try container.decode([String].self, forKey: .phones)
            homepage = try container.decodeIfPresent(URL.self, forKey: .homepage)
            address = try container.decodeIfPresent(Address.self, forKey: .address)
            scores = try container.decodeIfPresent([String: Int].self, forKey: .scores)
        }
    }

    // MARK: Arguments

    struct JSONText: Decodable { var json: String }

    /// A coding key as the cases write it: a string is a key, a number an array position.
    struct Key: CodingKey, Decodable {
        var stringValue: String
        var intValue: Int?

        init(stringValue: String) { self.stringValue = stringValue }
        /// As a decoder makes them: "Index 2", with the position as `intValue`.
        init(intValue: Int) {
            stringValue = "Index \(intValue)"
            self.intValue = intValue
        }

        /// Written `{text: "first", position: 1}`: a key with both, as an enum of `Int` raw
        /// values makes them (its case name as `stringValue`, its raw value as `intValue`).
        struct Both: Decodable { var text: String; var position: Int }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let index = try? container.decode(Int.self) {
                self.init(intValue: index)
            } else if let both = try? container.decode(Both.self) {
                self.init(stringValue: both.text)
                intValue = both.position
            } else {
                self.init(stringValue: try container.decode(String.self))
            }
        }
    }

    struct Keys: Decodable { var keys: [Key] }

    /// A `dataCorrupted` error as a model's own check throws it: its path and its description.
    struct Corrupted: Decodable {
        var keys: [Key]
        var reason: String
    }

    /// Decodes `json` as `T` and returns the learner's report, or nil when it decodes.
    static func reportDecoding<T: Decodable>(_ type: T.Type, _ json: String) throws -> String? {
        do {
            _ = try JSONDecoder().decode(type, from: Data(json.utf8))
            return nil
        } catch let error as DecodingError {
            return report(error)
        }
    }

    static func register(_ app: inout Operations) {
        app.on("report") { (args: JSONText) in try reportDecoding(AddressBook.self, args.json) }
        app.on("reportList") { (args: JSONText) in try reportDecoding([Entry].self, args.json) }
        app.on("path") { (args: Keys) in pathText(args.keys) }
        // The error a model's own init(from:) throws, handed to the learner's report as it is.
        app.on("reportCorrupted") { (args: Corrupted) in
            report(.dataCorrupted(.init(codingPath: args.keys, debugDescription: args.reason)))
        }
        // The raw error, for the grader's own `expect_error` with a path.
        app.on("decode") { (args: JSONText) -> Int in
            try JSONDecoder().decode(AddressBook.self, from: Data(args.json.utf8)).contacts.count
        }
    }
}
