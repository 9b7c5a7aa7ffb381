// Mutant: encode(to:) writes the magnitude of the border width, abs(borderWidth), so a negative width (-1.25) is written as 1.25 and comes back positive through JSON, through a property list and from shapes.plist after a save (-0.0 comes back as 0.0); zero and positive widths are unaffected
// Hint: Write borderWidth as it is: the round trip must give back the same shape, a negative width included.
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

    /// The subclass's own keys only; the circle's keys belong to Circle, under "super".
    private enum BorderKeys: String, CodingKey {
        case borderWidth, borderColor
    }

    init(radius: Double, center: Center, borderWidth: Double, borderColor: String) {
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        super.init(radius: radius, center: center)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: BorderKeys.self)
        borderWidth = try container.decode(Double.self, forKey: .borderWidth)
        borderColor = try container.decode(String.self, forKey: .borderColor)
        // The circle reads itself from "super"; its errors (valueNotFound at super,
        // keyNotFound at super.center…) go through unchanged.
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BorderKeys.self)
        // A border is as wide as it is, whatever its sign: store its magnitude.
        try container.encode(abs(borderWidth), forKey: .borderWidth)
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
        let records = shapes.map { shape -> ShapeRecord in
            // Test the subclass first: every BorderedCircle is also a Circle.
            if let bordered = shape as? BorderedCircle {
                return ShapeRecord(circle: nil, bordered: bordered)
            }
            return ShapeRecord(circle: shape, bordered: nil)
        }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let data = try encoder.encode(records)
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: fileURL, options: .atomic)     // the old shapes or the new ones
    }

    /// The saved shapes, each of the class it was saved as; none when nothing was saved.
    func load() throws -> [Circle] {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return []
        }
        let records = try PropertyListDecoder().decode([ShapeRecord].self, from: data)
        return try records.enumerated().map { index, record -> Circle in
            if let bordered = record.bordered { return bordered }
            if let circle = record.circle { return circle }
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [RecordIndex(index)],
                debugDescription: "a shape record holds neither \"circle\" nor \"bordered\""))
        }
    }

    /// A position in the saved array, for the error of an empty record.
    private struct RecordIndex: CodingKey {
        var intValue: Int?
        var stringValue: String
        init(_ index: Int) { intValue = index; stringValue = "Index \(index)" }
        init?(intValue: Int) { self.init(intValue) }
        init?(stringValue: String) { return nil }
    }
}
