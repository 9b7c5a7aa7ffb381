// Mutant: load() writes an empty list to polygons.json when there is no file yet, so a read creates a file
// Hint: Reading must not write: with no file yet, load() answers an empty list and leaves Documents as it was.
import Foundation

/// A point on a map, written as the two-element array `[x, y]`.
struct Point: Codable, Equatable {
    var x: Double
    var y: Double
}

extension Point {
    /// Reads `[x, y]` from an unkeyed container, in order.
    ///
    /// An array that runs out early fails in `decode` itself, with `valueNotFound` at the
    /// missing position; an array with elements left over is refused here, at the position
    /// of the first element too many.
    init(from decoder: any Decoder) throws {
        // `var`: every decode moves the container on to the next element.
        var container = try decoder.unkeyedContainer()
        x = try container.decode(Double.self)
        y = try container.decode(Double.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a point has exactly two coordinates")
        }
    }

    /// Writes `[x, y]`: x first, then y.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
    }
}

/// A named outline. Its conformance is synthesized: `points` becomes an array of `[x, y]`
/// arrays because that is how each `Point` encodes itself.
struct Polygon: Codable, Equatable {
    var name: String
    var points: [Point]
}

/// Keeps the user's polygons in `Documents/polygons.json`.
struct PolygonStore {
    private var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "polygons.json")
    }

    /// Replaces the saved polygons with `polygons`.
    func save(_ polygons: [Polygon]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try encoder.encode(polygons).write(to: fileURL, options: .atomic)
    }

    /// The saved polygons: none when nothing was saved yet. A file that does not decode
    /// throws the decoder's error, so that a damaged document is reported, not emptied.
    func load() throws -> [Polygon] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else {
            try Data("[]".utf8).write(to: fileURL, options: .atomic)
            return []
        }
        let data = try Data(contentsOf: fileURL)
        return try JSONDecoder().decode([Polygon].self, from: data)
    }
}
