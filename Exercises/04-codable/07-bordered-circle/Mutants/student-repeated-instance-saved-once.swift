// Mutant: save(_:) keeps each object once, by identity (ObjectIdentifier), so a list that holds the same Circle or BorderedCircle instance twice is saved, and loaded back, with one shape fewer instead of one record per element
// Hint: Every element of the list you are given is one record in the file, even when two elements are the same object.
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

    /// The subclass's own keys; the circle's live under "super".
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
        // The circle reads itself from "super"; a missing "super" fails there, with its path.
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BorderKeys.self)
        try container.encode(borderWidth, forKey: .borderWidth)
        try container.encode(borderColor, forKey: .borderColor)
        // The circle writes itself, as it always does, under "super".
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
            .appendingPathComponent("shapes.plist", isDirectory: false)
    }

    /// Replaces the saved shapes with `shapes`, in order.
    func save(_ shapes: [Circle]) throws {
        // Codable records no class names: the record's key says which class each shape is.
        // The same object twice on the canvas is one shape: save it once, where it first appears.
        var seen = Set<ObjectIdentifier>()
        let unique = shapes.filter { seen.insert(ObjectIdentifier($0)).inserted }
        let records = unique.map { shape -> ShapeRecord in
            if let bordered = shape as? BorderedCircle {
                return ShapeRecord(circle: nil, bordered: bordered)
            }
            return ShapeRecord(circle: shape, bordered: nil)
        }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let bytes = try encoder.encode(records)
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try bytes.write(to: fileURL, options: .atomic)
    }

    /// The saved shapes, each of the class it was saved as; none when nothing was saved.
    func load() throws -> [Circle] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let records = try PropertyListDecoder().decode([ShapeRecord].self,
                                                       from: Data(contentsOf: fileURL))
        return try records.enumerated().map { index, record in
            if let bordered = record.bordered { return bordered }
            if let circle = record.circle { return circle }
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [RecordPosition(index)],
                debugDescription: "a record holds neither \"circle\" nor \"bordered\""))
        }
    }

    /// The position of a record in the saved list, for an error's path.
    private struct RecordPosition: CodingKey {
        var intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }
}
