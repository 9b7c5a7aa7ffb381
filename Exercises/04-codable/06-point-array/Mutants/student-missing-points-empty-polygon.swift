// Mutant: Polygon gets its own init(from:) that reads "points" with decodeIfPresent and uses [] when the key is missing or null ("an outline saved before it had any point"), so {"name": "triangle"} decodes as an empty polygon and a polygons.json whose polygon lost its points loads instead of throwing the decoder's keyNotFound
// Hint: Polygon's decoding is meant to be the synthesized one: a polygon without its points is damaged data, not an empty polygon.
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
        // Too long: refused at the first element too many (the container's current index).
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a point is [x, y]: two numbers, not more")
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

extension Polygon {
    enum CodingKeys: String, CodingKey {
        case name, points
    }

    /// An outline saved before it had any point has no "points" key: it is an empty polygon.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        points = try container.decodeIfPresent([Point].self, forKey: .points) ?? []
    }
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
