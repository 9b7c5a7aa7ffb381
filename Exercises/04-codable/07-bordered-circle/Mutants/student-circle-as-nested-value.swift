// Mutant: stores the circle under "super" as a nested Circle value (encode(Circle(...), forKey: .super), decode(Circle.self, forKey: .super)) instead of through superEncoder()/superDecoder(), so a document without "super" is keyNotFound instead of valueNotFound
// Hint: Storing the circle as a nested `Circle` value under a key of yours makes a missing circle a missing key (`keyNotFound`), where the superclass reading from its own decoder reports `valueNotFound` at `super`. Let the superclass encode and decode itself through the encoder and decoder your container makes for it.
import Foundation

class Circle: Codable {
    struct Center: Codable, Equatable {
        var x: Double
        var y: Double
    }

    var radius: Double
    var center: Center

    init(radius: Double, center: Center) {
        self.radius = radius
        self.center = center
    }
}

class BorderedCircle: Circle {
    var borderWidth: Double
    var borderColor: String

    init(radius: Double, center: Center, borderWidth: Double, borderColor: String) {
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        super.init(radius: radius, center: center)
    }

    enum Keys: String, CodingKey {
        case borderWidth
        case borderColor
        case circle = "super"
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        borderWidth = try container.decode(Double.self, forKey: .borderWidth)
        borderColor = try container.decode(String.self, forKey: .borderColor)
        let circle = try container.decode(Circle.self, forKey: .circle)
        super.init(radius: circle.radius, center: circle.center)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(borderWidth, forKey: .borderWidth)
        try container.encode(borderColor, forKey: .borderColor)
        try container.encode(Circle(radius: radius, center: center), forKey: .circle)
    }
}

struct ShapeRecord: Codable {
    var circle: Circle?
    var bordered: BorderedCircle?
}

struct ShapeStore {
    var url: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent("shapes.plist")
    }

    func save(_ shapes: [Circle]) throws {
        var records: [ShapeRecord] = []
        for shape in shapes {
            if let b = shape as? BorderedCircle {
                records.append(ShapeRecord(circle: nil, bordered: b))
            } else {
                records.append(ShapeRecord(circle: shape, bordered: nil))
            }
        }
        try PropertyListEncoder().encode(records).write(to: url, options: .atomic)
    }

    func load() throws -> [Circle] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let records = try PropertyListDecoder().decode([ShapeRecord].self, from: Data(contentsOf: url))
        var shapes: [Circle] = []
        for record in records {
            if let b = record.bordered {
                shapes.append(b)
            } else if let c = record.circle {
                shapes.append(c)
            }
        }
        return shapes
    }
}
