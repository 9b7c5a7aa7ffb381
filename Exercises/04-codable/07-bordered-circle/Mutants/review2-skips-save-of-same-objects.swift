// Mutant: save(_:) skips the write when it is given the same objects, in the same order, as its last save in this launch, so a shape changed in memory and saved again keeps its old values in the file
// Hint: Saving the same objects again after changing them must write their new values: an object's identity says nothing about what it holds.
import Foundation

/// A circle on the canvas. Its Codable conformance is synthesized:
/// `{"center": {"x": …, "y": …}, "radius": …}`.
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

/// A circle with a border. A subclass gets no synthesized Codable code of its own, so it
/// writes both methods: its own keys in its own container, and the circle's data in a
/// separate encoder under "super".
class BorderedCircle: Circle {
    var borderWidth: Double
    var borderColor: String

    init(radius: Double, center: Center, borderWidth: Double, borderColor: String) {
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        super.init(radius: radius, center: center)
    }

    /// The subclass's keys only: the superclass keeps its own.
    private enum CodingKeys: String, CodingKey {
        case borderWidth, borderColor
    }

    /// `required`: every subclass of a decodable class must be decodable too.
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        borderWidth = try container.decode(Double.self, forKey: .borderWidth)
        borderColor = try container.decode(String.self, forKey: .borderColor)
        // The circle reads its fields from the decoder under "super", as if it were the
        // whole document.
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(borderWidth, forKey: .borderWidth)
        try container.encode(borderColor, forKey: .borderColor)
        // A nested encoder under "super": the circle writes into it as it always does.
        try super.encode(to: container.superEncoder())
    }
}

/// One element of the saved list: exactly one of the two is set. Codable records no class
/// names, so the key says which class to decode: `{"circle": {…}}` or `{"bordered": {…}}`.
struct ShapeRecord: Codable {
    var circle: Circle?
    var bordered: BorderedCircle?
}

/// Keeps the canvas's circles, plain and bordered, in `Documents/shapes.plist`.
struct ShapeStore {
    private static var lastSaved: [Circle] = []

    private var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appending(path: "shapes.plist")
    }

    /// Replaces the saved shapes with `shapes`, in order.
    func save(_ shapes: [Circle]) throws {
        if !shapes.isEmpty, shapes.count == Self.lastSaved.count,
           zip(shapes, Self.lastSaved).allSatisfy({ $0 === $1 }) { return }
        let records = shapes.map { shape in
            if let bordered = shape as? BorderedCircle {
                ShapeRecord(bordered: bordered)
            } else {
                ShapeRecord(circle: shape)
            }
        }
        // A binary property list: the compact format an app normally saves.
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        try encoder.encode(records).write(to: fileURL, options: .atomic)
        Self.lastSaved = shapes
    }

    /// The saved shapes, each of the class it was saved as; none when nothing was saved.
    func load() throws -> [Circle] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let data = try Data(contentsOf: fileURL)
        let records = try PropertyListDecoder().decode([ShapeRecord].self, from: data)
        return records.compactMap { $0.bordered ?? $0.circle }
    }
}
