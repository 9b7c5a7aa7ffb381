// Mutant: save(_:) drops the last point of a polygon whose last point repeats its first ("a closed outline stores each corner once"), so a closed path such as [[0,0],[3,4],[0,0]] is written, and loaded back, as [[0,0],[3,4]], and a two-point polygon whose points are equal loses one of them
// Hint: save(_:) writes the whole list: a point that repeats another, the first included, is saved too.
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
        x = try container.decode(Double.self)
        y = try container.decode(Double.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "a point has exactly two numbers, [x, y]")
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
        // An outline that ends where it starts repeats its first point: store each corner once.
        let outlines = polygons.map { polygon -> Polygon in
            var outline = polygon
            if outline.points.count > 1, outline.points.last == outline.points.first {
                outline.points.removeLast()
            }
            return outline
        }
        let data = try JSONEncoder().encode(outlines)
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: fileURL, options: .atomic)
    }

    /// The saved polygons: none when nothing was saved yet.
    func load() throws -> [Polygon] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        return try JSONDecoder().decode([Polygon].self, from: Data(contentsOf: fileURL))
    }
}
