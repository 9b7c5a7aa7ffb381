// Mutant: init(from:) skips null elements after y ("exporters write [x, y, null] when there is no altitude"), so [1, 2, null] or [1, 2, null, null] decodes as (1, 2) instead of being refused with dataCorrupted at [2]
// Hint: A null after y is still an element: count what is left in the array, not only what is left that is not null.
import Foundation

/// A point on a map, written as the two-element array `[x, y]`.
struct Point: Codable, Equatable {
    var x: Double
    var y: Double
}

extension Point {
    /// Reads `[x, y]` from an unkeyed container.
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        // Too short: the container's own valueNotFound at the missing position.
        x = try container.decode(Double.self)
        y = try container.decode(Double.self)
        // Too long: refused at the first element too many. A trailing null is only padding
        // (some exporters write [x, y, null] when there is no altitude).
        while !container.isAtEnd {
            guard try container.decodeNil() else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "a point is [x, y]: two numbers, not more")
            }
        }
    }

    /// Writes `[x, y]`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
    }
}

/// A named outline.
struct Polygon: Codable, Equatable {
    var name: String
    var points: [Point]
}

/// Keeps the user's polygons in `Documents/polygons.json`.
struct PolygonStore {
    private var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("polygons.json")
    }

    /// Replaces the saved polygons with `polygons`.
    func save(_ polygons: [Polygon]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(polygons)
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try data.write(to: fileURL, options: .atomic)    // old list or new list, never torn
    }

    /// The saved polygons: none when nothing was saved yet.
    func load() throws -> [Polygon] {
        // Read at every call, and never touch the file: a damaged one throws the decoder's error.
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        return try JSONDecoder().decode([Polygon].self, from: Data(contentsOf: fileURL))
    }
}
