// Mutant: save deletes the old shapes.plist before writing the new one
// Hint: imagine the app killed right after the first change your save makes to the disk.
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
        let circleDecoder = try border.superDecoder()
        try super.init(from: circleDecoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var border = encoder.container(keyedBy: BorderKeys.self)
        try border.encode(borderWidth, forKey: .borderWidth)
        try border.encode(borderColor, forKey: .borderColor)
        try super.encode(to: border.superEncoder())
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
        // Start from a clean file so the old shapes never linger.
        if FileManager.default.fileExists(atPath: fileURL.path) {
            try FileManager.default.removeItem(at: fileURL)
        }
        try data.write(to: fileURL)
    }

    func load() throws -> [Circle] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let records = try PropertyListDecoder().decode([ShapeRecord].self, from: Data(contentsOf: fileURL))
        return records.compactMap(\.shape)
    }
}
