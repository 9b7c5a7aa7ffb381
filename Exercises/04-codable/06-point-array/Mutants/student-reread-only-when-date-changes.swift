// Mutant: load() decodes polygons.json again only when its modification date differs from the one of the last load ("no need to decode an unchanged file"), so a file another writer replaced while keeping the modification date (a sync service or a copy that preserves dates) is not read and the old polygons come back
// Hint: A file can be replaced without its modification date changing: read and decode it at every load.
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

    /// What the last load decoded, and the modification date of the file it came from.
    private final class Snapshot: @unchecked Sendable {
        let lock = NSLock()
        var modified: Date?
        var polygons: [Polygon] = []
        static let shared = Snapshot()
    }

    /// The saved polygons: none when nothing was saved yet.
    func load() throws -> [Polygon] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        // Decode again only when the file has changed since the last load.
        let attributes = try FileManager.default.attributesOfItem(atPath: fileURL.path)
        let modified = attributes[.modificationDate] as? Date
        let snapshot = Snapshot.shared
        snapshot.lock.lock()
        defer { snapshot.lock.unlock() }
        if let modified, modified == snapshot.modified {
            return snapshot.polygons
        }
        let polygons = try JSONDecoder().decode([Polygon].self, from: Data(contentsOf: fileURL))
        snapshot.modified = modified
        snapshot.polygons = polygons
        return polygons
    }
}
