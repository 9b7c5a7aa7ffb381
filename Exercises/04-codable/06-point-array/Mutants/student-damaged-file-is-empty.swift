// Mutant: load returns an empty list when the file does not decode, hiding the error
// Hint: what happens to the user's drawings if a damaged file quietly reads as "no polygons" and the app saves again?
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
        guard let data = FileManager.default.contents(atPath: url.path),
              let polygons = try? JSONDecoder().decode([Polygon].self, from: data) else {
            return []
        }
        return polygons
    }
}
