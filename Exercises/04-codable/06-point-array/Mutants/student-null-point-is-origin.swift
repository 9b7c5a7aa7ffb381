// Mutant: init(from:) reads a point that is null as the origin (0, 0) instead of failing, so {"points": [[0, 0], null]} decodes with two points, and a damaged polygons.json with a null point loads instead of being reported
// Hint: A null where a point should be is the container's own error, not the origin.
import Foundation

/// A point on a map, written as the two-element array `[x, y]`.
struct Point: Codable, Equatable {
    var x: Double
    var y: Double
}

extension Point {
    /// Reads `[x, y]` from an unkeyed container.
    init(from decoder: any Decoder) throws {
        // A point left empty by another program ("null") is the origin.
        if try decoder.singleValueContainer().decodeNil() {
            x = 0
            y = 0
            return
        }
        var container = try decoder.unkeyedContainer()
        // Too short, null, text or an object: the container's own errors, at their positions.
        x = try container.decode(Double.self)
        y = try container.decode(Double.self)
        // Too long: the path ends at the container's current index, the first element too many.
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "a point has exactly two numbers, [x, y]; found more")
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
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: fileURL, options: .atomic)     // the old file or the new, never torn
    }

    /// The saved polygons: none when nothing was saved yet.
    func load() throws -> [Polygon] {
        // Read at every call: another writer may have replaced the file.
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return []
        }
        return try JSONDecoder().decode([Polygon].self, from: data)
    }
}
