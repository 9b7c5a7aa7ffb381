import Foundation

enum Documents {
    static var folder: URL { FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0] }
    static var bigURL: URL { folder.appendingPathComponent("big.bin") }

    static func saveNote(_ text: String, format: String) throws {
        switch format {
        case "json":
            try JSONSerialization.data(withJSONObject: ["text": text, "length": text.count], options: .sortedKeys)
                .write(to: folder.appendingPathComponent("note.json"))
        default:
            let data = try PropertyListSerialization.data(
                fromPropertyList: ["text": text, "length": text.count, "saved": Date(timeIntervalSince1970: 0)],
                format: format == "binary" ? .binary : .xml, options: 0)
            try data.write(to: folder.appendingPathComponent("note.plist"))
        }
    }

    static func saveBig(_ data: Data) throws {
        try data.write(to: bigURL, options: .atomic)
    }

    static func shout(_ text: String) -> String { text.uppercased() }

    struct Person: Decodable { var name: String; var age: Int; var pets: [Pet] }
    struct Pet: Decodable { var name: String }

    static func decodePerson(_ json: String) throws -> String {
        let person = try JSONDecoder().decode(Person.self, from: Data(json.utf8))
        return "\(person.name), \(person.age), \(person.pets.count) pets"
    }

    static func makeCache(_ name: String) throws {
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        try FileManager.default.createDirectory(at: caches.appendingPathComponent("thumbnails"), withIntermediateDirectories: true)
        try Data(name.utf8).write(to: caches.appendingPathComponent(name))
    }
}
