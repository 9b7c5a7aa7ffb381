import ExerciseKit
import Foundation

@main
enum SafeSaveDriver: ExerciseDriver {
    /// A document of `size` bytes, every one of them `fill`: the driver can tell a whole
    /// version from a torn one by its length and its bytes alone.
    struct SaveArgs: Decodable {
        var size: Int
        var fill: UInt8
    }

    /// What was loaded: its length, and its byte when every byte is the same (null otherwise).
    struct Loaded: Encodable {
        var length: Int
        var fill: UInt8?

        enum CodingKeys: String, CodingKey { case length, fill }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(length, forKey: .length)
            try container.encode(fill, forKey: .fill)   // null, not left out, for a mixed document
        }
    }

    static func register(_ app: inout Operations) {
        let store = DocumentStore(fileName: "drawing.sketch")

        app.on("save") { (args: SaveArgs) in
            try store.save(Data(repeating: args.fill, count: args.size))
        }
        app.on("load") { () -> Loaded? in
            guard let data = try store.load() else { return nil }
            guard let first = data.first else { return Loaded(length: 0, fill: nil) }
            // Data's == compares the bytes in one pass (memcmp).
            let uniform = data == Data(repeating: first, count: data.count)
            return Loaded(length: data.count, fill: uniform ? first : nil)
        }
    }
}
