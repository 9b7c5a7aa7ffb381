// Mutant: saves shapes.plist in Library/Caches (found with .cachesDirectory, "it is only app data"), a folder the system may empty, instead of Documents
// Hint: The system may empty `Library/Caches` whenever it needs space, so a canvas saved there can vanish. Files the user made belong in Documents.
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
        case borderWidth, borderColor
    }

    required init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: BorderKeys.self)
        self.borderWidth = try values.decode(Double.self, forKey: .borderWidth)
        self.borderColor = try values.decode(String.self, forKey: .borderColor)
        try super.init(from: values.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: BorderKeys.self)
        try values.encode(self.borderWidth, forKey: .borderWidth)
        try values.encode(self.borderColor, forKey: .borderColor)
        try super.encode(to: values.superEncoder())
    }
}

struct ShapeRecord: Codable {
    var circle: Circle?
    var bordered: BorderedCircle?
}

struct ShapeStore {
    private let fileURL = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("shapes.plist")

    func save(_ shapes: [Circle]) throws {
        let records = shapes.map { ($0 as? BorderedCircle).map { ShapeRecord(bordered: $0) } ?? ShapeRecord(circle: $0) }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        try encoder.encode(records).write(to: fileURL, options: .atomic)
    }

    func load() throws -> [Circle] {
        guard let data = try? Data(contentsOf: fileURL) else { return [] }
        let records = try PropertyListDecoder().decode([ShapeRecord].self, from: data)
        return records.compactMap { $0.bordered ?? $0.circle }
    }
}
