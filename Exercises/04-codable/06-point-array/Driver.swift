import ExerciseKit
import Foundation

@main
enum PointArrayDriver: ExerciseDriver {
    /// A point as the cases write it: `{x, y}`, whatever shape `Point` chooses for itself.
    struct PointView: Codable {
        var x: Double
        var y: Double

        init(_ point: Point) {
            x = point.x
            y = point.y
        }

        var point: Point { Point(x: x, y: y) }
    }

    struct PolygonView: Codable {
        var name: String
        var points: [PointView]

        init(_ polygon: Polygon) {
            name = polygon.name
            points = polygon.points.map(PointView.init)
        }

        var polygon: Polygon { Polygon(name: name, points: points.map(\.point)) }
    }

    /// A point after a round trip through each coder.
    struct RoundTrip: Encodable {
        var json: PointView
        var plist: PointView
    }

    /// The file's text and, when given, the modification date its writer keeps (a sync
    /// service or a copy that preserves dates).
    struct FileText: Decodable {
        var text: String
        var modified: Date?
    }

    static func register(_ app: inout Operations) {
        let store = PolygonStore()

        // What the encoder wrote, parsed back into a value the case can compare.
        app.on("encodePoint") { (args: PointView) in
            try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(args.point))
        }
        app.on("encodePolygon") { (args: PolygonView) in
            try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(args.polygon))
        }
        // The case's `args` is the document itself, handed to the decoder as bytes.
        app.on("decodePoint") { (document: JSONValue) in
            PointView(try JSONDecoder().decode(Point.self, from: document.jsonData()))
        }
        app.on("decodePolygon") { (document: JSONValue) in
            PolygonView(try JSONDecoder().decode(Polygon.self, from: document.jsonData()))
        }
        app.on("roundTrip") { (args: PointView) -> RoundTrip in
            let json = try JSONDecoder().decode(Point.self, from: JSONEncoder().encode(args.point))
            let plist = try PropertyListDecoder().decode(Point.self, from: PropertyListEncoder().encode(args.point))
            return RoundTrip(json: PointView(json), plist: PointView(plist))
        }
        app.on("save") { (polygons: [PolygonView]) in
            try store.save(polygons.map(\.polygon))
        }
        app.on("load") { try store.load().map(PolygonView.init) }
        // Someone else (an older version of the app, a sync service) wrote the file.
        app.on("writeFile") { (args: FileText) in
            let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            let file = documents.appending(path: "polygons.json")
            try Data(args.text.utf8).write(to: file)
            if let modified = args.modified {
                try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)
            }
        }
    }
}
