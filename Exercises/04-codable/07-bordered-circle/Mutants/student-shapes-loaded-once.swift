// Mutant: loads the canvas from the file the first time load() is called and keeps it in a static variable that save never updates, so shapes saved during a launch are only loaded after a relaunch
// Hint: A canvas kept from the first load misses every save made later in the same launch. Read the file each time `load()` is called.
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

    private enum CodingKeys: String, CodingKey {
        case borderWidth, borderColor
    }

    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        borderWidth = try c.decode(Double.self, forKey: .borderWidth)
        borderColor = try c.decode(String.self, forKey: .borderColor)
        try super.init(from: c.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(borderWidth, forKey: .borderWidth)
        try c.encode(borderColor, forKey: .borderColor)
        try super.encode(to: c.superEncoder())
    }
}

struct ShapeRecord: Codable {
    var circle: Circle?
    var bordered: BorderedCircle?
}

struct ShapeStore {
    private static let file = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("shapes.plist")

    // Read the canvas the first time it is asked for.
    private static var canvas: [Circle]?

    func save(_ shapes: [Circle]) throws {
        var records = [ShapeRecord]()
        for shape in shapes {
            if let bordered = shape as? BorderedCircle {
                records.append(ShapeRecord(bordered: bordered))
            } else {
                records.append(ShapeRecord(circle: shape))
            }
        }
        try PropertyListEncoder().encode(records).write(to: ShapeStore.file, options: .atomic)
    }

    func load() throws -> [Circle] {
        if let canvas = ShapeStore.canvas {
            return canvas
        }
        var shapes = [Circle]()
        if FileManager.default.fileExists(atPath: ShapeStore.file.path) {
            let data = try Data(contentsOf: ShapeStore.file)
            for record in try PropertyListDecoder().decode([ShapeRecord].self, from: data) {
                if let shape = record.bordered ?? record.circle {
                    shapes.append(shape)
                }
            }
        }
        ShapeStore.canvas = shapes
        return shapes
    }
}
