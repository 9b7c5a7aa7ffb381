import Foundation

enum Documents {
    static var folder: URL { FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0] }
    static var bigURL: URL { folder.appendingPathComponent("big.bin") }

    static func saveNote(_ text: String, format: String) throws {}
    static func saveBig(_ data: Data) throws {}
    static func shout(_ text: String) -> String { text }

    struct Person: Decodable { var name: String }

    static func decodePerson(_ json: String) throws -> String { "" }
    static func makeCache(_ name: String) throws {}
}
