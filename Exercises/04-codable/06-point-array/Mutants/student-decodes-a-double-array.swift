// Mutant: decodes the point as a whole [Double] and checks its count, throwing dataCorrupted from a single-value container, so a short array is dataCorrupted at the point instead of valueNotFound at the missing position, and a long one is reported at the point instead of at [2]
// Hint: Decoding the point as one array of numbers and checking its length reports every wrong length at the point itself, not at the missing position or at the first number too many. Reading the elements one at a time from an unkeyed container gives each error its place.
import Foundation

struct Point: Codable, Equatable {
    var x: Double
    var y: Double
}

extension Point {
    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        let numbers = try single.decode([Double].self)
        if numbers.count != 2 {
            throw DecodingError.dataCorruptedError(in: single,
                debugDescription: "a point needs 2 numbers, got \(numbers.count)")
        }
        x = numbers[0]
        y = numbers[1]
    }

    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode([x, y])
    }
}

struct Polygon: Codable, Equatable {
    var name: String
    var points: [Point]
}

struct PolygonStore {
    var url: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("polygons.json")
    }

    func save(_ polygons: [Polygon]) throws {
        let data = try JSONEncoder().encode(polygons)
        try data.write(to: url, options: .atomic)
    }

    func load() throws -> [Polygon] {
        if FileManager.default.fileExists(atPath: url.path) {
            return try JSONDecoder().decode([Polygon].self, from: Data(contentsOf: url))
        }
        return []
    }
}
