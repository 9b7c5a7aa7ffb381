import ExerciseKit
import Foundation

@main
enum RenamedKeysDriver: ExerciseDriver {
    struct JSONText: Decodable { var json: String }

    /// An author as the cases write it and see it, with Swift's property names.
    struct AuthorView: Codable {
        var fullName: String
        var birthYear: Int
        var country: String
        var cachedSummary: String

        init(_ author: Author) {
            fullName = author.fullName
            birthYear = author.birthYear
            country = author.country
            cachedSummary = author.cachedSummary
        }

        var author: Author {
            var author = Author(fullName: fullName, birthYear: birthYear, country: country)
            author.cachedSummary = cachedSummary
            return author
        }
    }

    struct Authors: Decodable { var authors: [AuthorView] }

    static func register(_ app: inout Operations) {
        // An iOS app starts with "/" as its current directory, not its container: a path
        // relative to the current directory is no path in Documents.
        FileManager.default.changeCurrentDirectoryPath("/")
        let store = AuthorStore()

        // Plain coders: the model's own keys must do the renaming.
        app.on("decode") { (args: JSONText) -> [AuthorView] in
            try JSONDecoder().decode([Author].self, from: Data(args.json.utf8)).map(AuthorView.init)
        }
        app.on("encode") { (args: Authors) -> String in
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return String(decoding: try encoder.encode(args.authors.map(\.author)), as: UTF8.self)
        }
        app.on("save") { (args: Authors) in try store.save(args.authors.map(\.author)) }
        app.on("load") { try store.load().map(AuthorView.init) }
        // Another program (or an older version of the app) left this text in Documents/authors.json.
        app.on("writeFile") { (args: JSONText) in
            let url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                .appendingPathComponent("authors.json")
            try Data(args.json.utf8).write(to: url)
        }
        // The keys of Documents/authors.json in the order its text writes them: a JSON parser
        // forgets that order, and "sorted keys" is about the text.
        app.on("keysInFile") { () -> [String] in
            let url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                .appendingPathComponent("authors.json")
            return keys(inJSON: try String(contentsOf: url, encoding: .utf8))
        }
    }

    /// Every object key of `text`, in order: each string followed by a colon.
    static func keys(inJSON text: String) -> [String] {
        var keys: [String] = []
        var scalars = text.unicodeScalars.makeIterator()
        var pending: String?
        while let scalar = scalars.next() {
            switch scalar {
            case "\"":
                var string = ""
                while let inner = scalars.next(), inner != "\"" {
                    string.unicodeScalars.append(inner)
                    if inner == "\\", let escaped = scalars.next() { string.unicodeScalars.append(escaped) }
                }
                pending = string
            case ":":
                if let key = pending { keys.append(key) }
                pending = nil
            case " ", "\n", "\r", "\t":
                continue
            default:
                pending = nil
            }
        }
        return keys
    }
}
