import ExerciseKit

@main
enum CounterDriver: ExerciseDriver {
    struct Step: Decodable { var by: Int }

    static func register(_ app: inout Operations) {
        app.on("value") { Counter.value() }
        app.on("increment") { (step: Step) in try Counter.increment(by: step.by) }
        app.on("report") { Counter.report() }
    }
}
