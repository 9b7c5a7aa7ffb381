// Mutant: load() rewrites shapes.plist in the binary format when it finds an XML property list there ("bring files of older versions up to the current format"), so loading an XML shapes.plist replaces the file instead of only reading it
// Hint: Loading only reads: a file in the other property-list format is still a good file, and load() must leave it as it is.
import Foundation

/// A circle on the canvas. Its Codable conformance is synthesized:
/// `{"center": {"x": …, "y": …}, "radius": …}`. Nothing to change here.
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

/// A circle with a border, encoded as
/// `{"borderColor": …, "borderWidth": …, "super": {the circle}}`.
class BorderedCircle: Circle {
    var borderWidth: Double
    var borderColor: String

    init(radius: Double, center: Center, borderWidth: Double, borderColor: String) {
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        super.init(radius: radius, center: center)
    }

    /// The subclass's own keys; the circle's keys belong to Circle, under "super".
    private enum CodingKeys: String, CodingKey {
        case borderWidth, borderColor
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        borderWidth = try container.decode(Double.self, forKey: .borderWidth)
        borderColor = try container.decode(String.self, forKey: .borderColor)
        // The circle reads itself from "super"; its errors (no "super", no "center") come through.
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(borderWidth, forKey: .borderWidth)
        try container.encode(borderColor, forKey: .borderColor)
        try super.encode(to: container.superEncoder())
    }
}

/// One element of the saved list: exactly one of the two is set.
struct ShapeRecord: Codable {
    var circle: Circle?
    var bordered: BorderedCircle?
}

/// Keeps the canvas's circles, plain and bordered, in `Documents/shapes.plist`.
struct ShapeStore {
    private var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("shapes.plist")
    }

    /// Replaces the saved shapes with `shapes`, in order.
    func save(_ shapes: [Circle]) throws {
        // Codable records no class: the record's key says which class each shape is.
        let records = shapes.map { shape -> ShapeRecord in
            if let bordered = shape as? BorderedCircle {
                return ShapeRecord(circle: nil, bordered: bordered)
            }
            return ShapeRecord(circle: shape, bordered: nil)
        }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let data = try encoder.encode(records)
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try data.write(to: fileURL, options: .atomic)
    }

    /// The saved shapes, each of the class it was saved as; none when nothing was saved.
    func load() throws -> [Circle] {
        // Read from the file at every call: new objects, as they were saved.
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let data = try Data(contentsOf: fileURL)
        let records = try PropertyListDecoder().decode([ShapeRecord].self, from: data)
        let shapes: [Circle] = records.compactMap { record in
            if let bordered = record.bordered { return bordered }
            return record.circle
        }
        // A file in the XML format (written by an older version) is brought up to the current
        // binary one, once.
        var format = PropertyListSerialization.PropertyListFormat.binary
        _ = try? PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        if format != .binary {
            try save(shapes)
        }
        return shapes
    }
}
