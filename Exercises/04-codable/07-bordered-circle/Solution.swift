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

    required init(from decoder: any Decoder) throws {
        // TODO: decode the border from your own keys, and the circle with superDecoder().
        borderWidth = 0
        borderColor = ""
        super.init(radius: 0, center: Center(x: 0, y: 0))
    }

    override func encode(to encoder: any Encoder) throws {
        // TODO: encode the border under your own keys, and the circle with superEncoder().
    }
}

/// One element of the saved list: exactly one of the two is set.
struct ShapeRecord: Codable {
    var circle: Circle?
    var bordered: BorderedCircle?
}

/// Keeps the canvas's circles, plain and bordered, in `Documents/shapes.plist`.
struct ShapeStore {
    /// Replaces the saved shapes with `shapes`, in order.
    func save(_ shapes: [Circle]) throws {
        // TODO
    }

    /// The saved shapes, each of the class it was saved as; none when nothing was saved.
    func load() throws -> [Circle] {
        [] // TODO
    }
}
