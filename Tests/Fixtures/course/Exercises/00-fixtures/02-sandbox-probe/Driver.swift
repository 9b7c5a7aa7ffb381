import ExerciseKit
import Foundation

@main
enum ProbeDriver: ExerciseDriver {
    struct Value: Decodable { var value: String }

    static func register(_ app: inout Operations) {
        app.on("directories") { Probe.directories() }
        app.on("setDefault") { (args: Value) in Probe.setDefault(args.value) }
        app.on("readDefault") { Probe.readDefault() }
        app.on("files") { Probe.preferenceFiles() }
        app.on("outside") { Probe.outside() }
    }
}
