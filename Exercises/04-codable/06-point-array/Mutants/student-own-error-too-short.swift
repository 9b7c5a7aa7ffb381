// Mutant: an array that is too short is refused with its own dataCorrupted error at [0] instead of the container's valueNotFound
// Hint: for [4], which error and which position does the statement expect, and who should raise it?
import Foundation

struct Point: Codable, Equatable {
    var x: Double
    var y: Double
}

extension Point {
    init(from decoder: any Decoder) throws {
        var elements = try decoder.unkeyedContainer()
        if let count = elements.count, count < 2 {
            throw DecodingError.dataCorruptedError(
                in: elements,
                debugDescription: "a point has exactly two coordinates, found \(count)")
        }
        let x = try elements.decode(Double.self)
        let y = try elements.decode(Double.self)
        if !elements.isAtEnd {
            throw DecodingError.dataCorruptedError(
                in: elements,
                debugDescription: "a point has exactly two coordinates, found more")
        }
        self.x = x
        self.y = y
    }

    func encode(to encoder: any Encoder) throws {
        var elements = encoder.unkeyedContainer()
        try elements.encode(contentsOf: [x, y])
    }
}

struct Polygon: Codable, Equatable {
    var name: String
    var points: [Point]
}

struct PolygonStore {
    private static var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("polygons.json")
    }

    func save(_ polygons: [Polygon]) throws {
        let data = try JSONEncoder().encode(polygons)
        try data.write(to: Self.fileURL, options: .atomic)
    }

    func load() throws -> [Polygon] {
        let url = Self.fileURL
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try JSONDecoder().decode([Polygon].self, from: Data(contentsOf: url))
    }
}
