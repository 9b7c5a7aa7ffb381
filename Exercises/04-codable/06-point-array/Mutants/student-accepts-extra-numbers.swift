// Mutant: a point array with three or more numbers decodes, the extra numbers are ignored
// Hint: after reading y, does your initializer look at whether the array has ended?
import Foundation

struct Point: Codable, Equatable {
    var x: Double
    var y: Double
}

extension Point {
    init(from decoder: any Decoder) throws {
        var elements = try decoder.unkeyedContainer()
        let x = try elements.decode(Double.self)
        let y = try elements.decode(Double.self)
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
