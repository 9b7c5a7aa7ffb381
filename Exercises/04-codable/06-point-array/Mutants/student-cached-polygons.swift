// Mutant: keeps the list from the first load or the last save in a static variable and answers load() from it, so a file written by someone else while the app runs (a sync, an older version) is never read
// Hint: A list kept from the first load or the last save misses a file that another writer (a sync service, an older version of the app) replaced while the app runs. Read the file at each `load()`.
import Foundation

struct Point: Codable, Equatable {
    var x: Double
    var y: Double
}

extension Point {
    init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        x = try c.decode(Double.self)
        y = try c.decode(Double.self)
        guard c.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "more than two numbers")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x)
        try c.encode(y)
    }
}

struct Polygon: Codable, Equatable {
    var name: String
    var points: [Point]
}

struct PolygonStore {
    private static var cache: [Polygon]?

    private var file: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("polygons.json")
    }

    func save(_ polygons: [Polygon]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try encoder.encode(polygons).write(to: file, options: .atomic)
        PolygonStore.cache = polygons
    }

    func load() throws -> [Polygon] {
        if let cache = PolygonStore.cache {
            return cache
        }
        var polygons: [Polygon] = []
        if FileManager.default.fileExists(atPath: file.path) {
            polygons = try JSONDecoder().decode([Polygon].self, from: Data(contentsOf: file))
        }
        PolygonStore.cache = polygons
        return polygons
    }
}
