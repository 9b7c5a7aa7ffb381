import ExerciseKit
import Foundation

@main
enum DocumentsDriver: ExerciseDriver {
    struct Note: Decodable { var text: String; var format: String }
    struct Big: Decodable { var size: Int; var fill: String }
    struct Text: Decodable { var text: String }
    struct Name: Decodable { var name: String }

    static func register(_ app: inout Operations) {
        app.on("saveNote") { (note: Note) in try Documents.saveNote(note.text, format: note.format) }
        app.on("saveBig") { (big: Big) in try Documents.saveBig(Data(repeating: big.fill.utf8.first!, count: big.size)) }
        app.on("loadBig") { () -> [String: String] in
            guard let data = FileManager.default.contents(atPath: Documents.bigURL.path), let first = data.first else {
                return ["state": "missing"]
            }
            let uniform = data.allSatisfy { $0 == first }
            return ["state": uniform ? "\(data.count) × \(String(UnicodeScalar(first)))" : "torn (\(data.count) bytes)"]
        }
        app.on("shout") { (text: Text) in Documents.shout(text.text) }
        app.on("decodePerson") { (text: Text) in try Documents.decodePerson(text.text) }
        app.on("makeCache") { (name: Name) in try Documents.makeCache(name.name) }
    }
}
