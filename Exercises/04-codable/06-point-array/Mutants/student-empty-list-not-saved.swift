// Mutant: returns early from save when the list is empty ("nothing to save"), so deleting the last polygon leaves the old list in the file
// Hint: An empty list is a list to save too: when the user deletes the last polygon, the file must say so, or the next launch loads the old polygons again.
import Foundation

struct Point: Codable, Equatable {
    var x: Double
    var y: Double
}

extension Point {
    init(from decoder: any Decoder) throws {
        var values = try decoder.unkeyedContainer()
        self.x = try values.decode(Double.self)
        self.y = try values.decode(Double.self)
        if !values.isAtEnd {
            throw DecodingError.dataCorruptedError(in: values, debugDescription: "too many coordinates")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var values = encoder.unkeyedContainer()
        try values.encode(self.x)
        try values.encode(self.y)
    }
}

struct Polygon: Codable, Equatable {
    var name: String
    var points: [Point]
}

struct PolygonStore {
    func save(_ polygons: [Polygon]) throws {
        if polygons.isEmpty {
            return
        }
        let dir = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let data = try JSONEncoder().encode(polygons)
        try data.write(to: dir.appendingPathComponent("polygons.json"), options: .atomic)
    }

    func load() throws -> [Polygon] {
        let dir = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let file = dir.appendingPathComponent("polygons.json")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return []
        }
        return try JSONDecoder().decode([Polygon].self, from: data)
    }
}
