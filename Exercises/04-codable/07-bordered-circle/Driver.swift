import ExerciseKit
import Foundation

@main
enum BorderedCircleDriver: ExerciseDriver {
    struct Border: Codable {
        var width: Double
        var color: String
    }

    /// A shape as the cases write it: `{radius, center: {x, y}}`, plus `border` for a
    /// bordered circle.
    struct ShapeArgs: Decodable {
        var radius: Double
        var center: Circle.Center
        var border: Border?

        var shape: Circle {
            guard let border else { return Circle(radius: radius, center: center) }
            return BorderedCircle(radius: radius, center: center,
                                  borderWidth: border.width, borderColor: border.color)
        }
    }

    /// Shapes, and the list to save as positions in `shapes`: `[0, 1, 0]` saves the first
    /// object, the second, then the first object again.
    struct SharedArgs: Decodable {
        var shapes: [ShapeArgs]
        var order: [Int]
    }

    /// A decoded shape as the cases see it, with the class it came back as.
    struct ShapeView: Encodable {
        var kind: String
        var radius: Double
        var center: Circle.Center
        var border: Border?

        init(_ shape: Circle) {
            radius = shape.radius
            center = shape.center
            if let bordered = shape as? BorderedCircle {
                kind = "bordered"
                border = Border(width: bordered.borderWidth, color: bordered.borderColor)
            } else {
                kind = "circle"
            }
        }
    }

    /// A change the user makes to one shape of the canvas in memory, not saved yet.
    struct EditArgs: Decodable {
        var index: Int
        var radius: Double?
        var borderColor: String?
    }

    /// The text of a file the driver puts in the container.
    struct FileText: Decodable {
        var text: String
    }

    /// The objects of the last list saved in this launch: the app's canvas, which the user
    /// edits in memory and saves again.
    final class Canvas {
        var shapes: [Circle] = []
    }

    /// A bordered circle after a round trip through each coder.
    struct RoundTrip: Encodable {
        var json: ShapeView
        var plist: ShapeView
    }

    static func register(_ app: inout Operations) {
        let store = ShapeStore()
        let canvas = Canvas()

        // What JSONEncoder wrote, parsed back into a value the case can compare.
        app.on("encode") { (args: ShapeArgs) in
            try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(args.shape))
        }
        // The case's `args` is the document itself, handed to the decoder as bytes.
        app.on("decodeBordered") { (document: JSONValue) in
            ShapeView(try JSONDecoder().decode(BorderedCircle.self, from: document.jsonData()))
        }
        app.on("decodeBorderedList") { (document: JSONValue) in
            try JSONDecoder().decode([BorderedCircle].self, from: document.jsonData()).map(ShapeView.init)
        }
        app.on("decodeCircle") { (document: JSONValue) in
            ShapeView(try JSONDecoder().decode(Circle.self, from: document.jsonData()))
        }
        app.on("roundTrip") { (args: ShapeArgs) -> RoundTrip in
            guard let bordered = args.shape as? BorderedCircle else {
                throw DriverError("roundTrip takes a bordered circle")
            }
            let json = try JSONDecoder().decode(BorderedCircle.self, from: JSONEncoder().encode(bordered))
            let plist = try PropertyListDecoder().decode(BorderedCircle.self, from: PropertyListEncoder().encode(bordered))
            return RoundTrip(json: ShapeView(json), plist: ShapeView(plist))
        }
        app.on("save") { (shapes: [ShapeArgs]) in
            canvas.shapes = shapes.map(\.shape)
            try store.save(canvas.shapes)
        }
        // Changes a shape of the canvas in memory, as the user does before saving: the
        // learner's code is not called. An index the canvas does not have changes nothing.
        app.on("edit") { (args: EditArgs) in
            guard canvas.shapes.indices.contains(args.index) else { return }
            let shape = canvas.shapes[args.index]
            if let radius = args.radius { shape.radius = radius }
            if let color = args.borderColor, let bordered = shape as? BorderedCircle {
                bordered.borderColor = color
            }
        }
        // Saves the canvas again: the same objects, changed or not.
        app.on("saveCanvas") { try store.save(canvas.shapes) }
        // A canvas that holds one object at several places: `order` lists, for each element of
        // the saved list, which of `shapes` it is (the same instance each time it is named).
        app.on("saveShared") { (args: SharedArgs) in
            let objects = args.shapes.map(\.shape)
            canvas.shapes = try args.order.map { index in
                guard objects.indices.contains(index) else { throw DriverError("no shape \(index)") }
                return objects[index]
            }
            try store.save(canvas.shapes)
        }
        app.on("load") { try store.load().map(ShapeView.init) }
        // The user changes a shape the app has just loaded, in memory, as it does before
        // saving: one call of load(), then the change. An index the list does not have
        // changes nothing.
        app.on("editLoaded") { (args: EditArgs) in
            let shapes = try store.load()
            guard shapes.indices.contains(args.index) else { return }
            let shape = shapes[args.index]
            if let radius = args.radius { shape.radius = radius }
            if let color = args.borderColor, let bordered = shape as? BorderedCircle {
                bordered.borderColor = color
            }
        }
        // Puts a shapes.plist in Documents as another version of the app left it (an XML
        // property list, say), without calling the learner's code.
        app.on("putShapesFile") { (args: FileText) in
            let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
            try Data(args.text.utf8).write(to: documents.appending(path: "shapes.plist"))
        }
    }
}

/// A mistake in the cases, not in the learner's code.
struct DriverError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
