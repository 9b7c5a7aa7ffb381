import ExerciseKit
import Foundation

@main
enum RemoveAndResetDriver: ExerciseDriver {
    struct SuiteArgs: Decodable { var suite: String }
    struct KeyArgs: Decodable { var suite: String; var key: String }
    /// `value: null` (or no value) asks the store to remove the key.
    struct SetArgs: Decodable { var suite: String; var key: String; var value: String? }
    struct StandardArgs: Decodable { var key: String; var value: String? }
    struct NumberArgs: Decodable { var suite: String; var key: String; var value: Int }

    static func register(_ app: inout Operations) {
        // A fresh store per call, as different screens of an app would open the same suite.
        app.on("get") { (args: KeyArgs) in SuiteStore(suiteName: args.suite).string(forKey: args.key) }
        app.on("set") { (args: SetArgs) in SuiteStore(suiteName: args.suite).set(args.value, forKey: args.key) }
        app.on("remove") { (args: KeyArgs) in SuiteStore(suiteName: args.suite).remove(args.key) }
        app.on("reset") { (args: SuiteArgs) in SuiteStore(suiteName: args.suite).reset() }
        app.on("keys") { (args: SuiteArgs) in SuiteStore(suiteName: args.suite).keys() }

        // Other code sharing the suite (an app extension, say) stores a number in it directly.
        app.on("suiteSetNumber") { (args: NumberArgs) in
            UserDefaults(suiteName: args.suite)!.set(args.value, forKey: args.key)
        }

        // The app's standard defaults, written and read directly.
        app.on("standardSet") { (args: StandardArgs) in
            if let value = args.value {
                UserDefaults.standard.set(value, forKey: args.key)
            } else {
                UserDefaults.standard.removeObject(forKey: args.key)
            }
        }
        app.on("standardGet") { (args: StandardArgs) in UserDefaults.standard.string(forKey: args.key) }
        // The app registers a fallback at launch, as lesson 01's settings bundle does: it lives in
        // the process-wide registration domain, which every suite's reads also see.
        app.on("standardRegister") { (args: StandardArgs) in
            UserDefaults.standard.register(defaults: [args.key: args.value ?? ""])
        }
    }
}
