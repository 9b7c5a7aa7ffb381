import Foundation

/// Values kept on disk as JSON files named after a key made from everything they depend on.
///
/// Two caches use it:
/// - the reference's runs of each case, which depend only on the course, so a class of a
///   hundred students runs each reference case once, not a hundred times;
/// - the verdict of each learner case, reused while every input is unchanged (as `go test`
///   does; `grader check --no-cache` runs again).
struct JSONCache<Value: Codable> {
    let directory: URL

    /// A key from a version tag and every input, encoded with sorted keys.
    static func key(_ tag: String, _ inputs: [any Encodable]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var material = Data("\(tag)\n".utf8)
        for input in inputs {
            material.append((try? encoder.encode(input)) ?? Data("?".utf8))
            material.append(UInt8(ascii: "\n"))
        }
        return ContentHash.hex(of: material)
    }

    func load(_ key: String) -> Value? {
        guard let data = FileManager.default.contents(atPath: file(key).path) else { return nil }
        return try? JSONDecoder().decode(Value.self, from: data)
    }

    func store(_ value: Value, key: String) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard let data = try? JSONEncoder().encode(value) else { return }
        try? data.write(to: file(key), options: .atomic)
    }

    private func file(_ key: String) -> URL {
        directory.appendingPathComponent("\(key).json")
    }
}
