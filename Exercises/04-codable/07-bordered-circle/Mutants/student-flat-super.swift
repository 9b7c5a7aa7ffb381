// Mutant: the circle's fields are written and read next to the border keys instead of under "super"
// Hint: encode a BorderedCircle and look for the "super" key the statement shows; where does radius end up?
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

    private enum BorderKeys: String, CodingKey {
        case borderWidth
        case borderColor
    }

    required init(from decoder: any Decoder) throws {
        let border = try decoder.container(keyedBy: BorderKeys.self)
        borderWidth = try border.decode(Double.self, forKey: .borderWidth)
        borderColor = try border.decode(String.self, forKey: .borderColor)
        // The circle's own fields sit in the same object.
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var border = encoder.container(keyedBy: BorderKeys.self)
        try border.encode(borderWidth, forKey: .borderWidth)
        try border.encode(borderColor, forKey: .borderColor)
        try super.encode(to: encoder)
    }
}

struct ShapeRecord: Codable {
    var circle: Circle?
    var bordered: BorderedCircle?
}

extension ShapeRecord {
    init(shape: Circle) {
        switch shape {
        case let bordered as BorderedCircle:
            self.init(circle: nil, bordered: bordered)
        default:
            self.init(circle: shape, bordered: nil)
        }
    }

    var shape: Circle? { bordered ?? circle }
}

struct ShapeStore {
    private var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("shapes.plist")
    }

    func save(_ shapes: [Circle]) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let data = try encoder.encode(shapes.map(ShapeRecord.init(shape:)))
        try data.write(to: fileURL, options: .atomic)
    }

    func load() throws -> [Circle] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let records = try PropertyListDecoder().decode([ShapeRecord].self, from: Data(contentsOf: fileURL))
        return records.compactMap(\.shape)
    }
}
