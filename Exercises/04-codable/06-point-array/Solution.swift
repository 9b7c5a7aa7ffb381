import Foundation

/// A point on a map, written as the two-element array `[x, y]`.
struct Point: Codable, Equatable {
    var x: Double
    var y: Double
}

extension Point {
    /// Reads `[x, y]` from an unkeyed container.
    init(from decoder: any Decoder) throws {
        // TODO: read x, then y, and refuse an array with more than two elements.
        x = 0
        y = 0
    }

    /// Writes `[x, y]`.
    func encode(to encoder: any Encoder) throws {
        // TODO
    }
}

/// A named outline.
struct Polygon: Codable, Equatable {
    var name: String
    var points: [Point]
}

/// Keeps the user's polygons in `Documents/polygons.json`.
struct PolygonStore {
    /// Replaces the saved polygons with `polygons`.
    func save(_ polygons: [Polygon]) throws {
        // TODO
    }

    /// The saved polygons: none when nothing was saved yet.
    func load() throws -> [Polygon] {
        [] // TODO
    }
}
