// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PersistenceWorkbook",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "grader", targets: ["grader"]),
        // `grader batch`, `merge`, `pack` and `book` for instructors: apart from the grader, so that students'
        // first build does not compile them nor their archive, CSV and Markdown libraries (`grader batch`
        // runs this one, building it on first use; Benchmarks/README.md measures both builds).
        .executable(name: "grader-instructor", targets: ["grader-instructor"]),
        // Mutants of the references for `grader verify --mutants`: apart from the grader, so that
        // students never build swift-syntax (Benchmarks/README.md measures both first builds).
        .executable(name: "mutate", targets: ["mutate"]),
        .library(name: "GraderCore", targets: ["GraderCore"]),
        // A typed (static) product so that plain `swiftc` can link exercise binaries against it.
        .library(name: "ExerciseKit", type: .static, targets: ["ExerciseKit"]),
        // Core Data's object-graph semantics on SQLite, for the lessons that teach Core Data.
        .library(name: "ObjectGraph", type: .static, targets: ["ObjectGraph"]),
        // Xcode's code generation for ObjectGraph models: one Swift file per entity.
        .executable(name: "objectgraph-codegen", targets: ["objectgraph-codegen"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // `grader-instructor` only: reading students' .zip submissions, and the roster CSV.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        // `grader-instructor` only: the Markdown of `grader book`'s pages.
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
    ],
    targets: [
        .executableTarget(
            name: "grader",
            dependencies: [
                "GraderCore", "GraderCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "grader-instructor",
            dependencies: [
                "GraderInstructor", "GraderCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What both commands share: the course options, errors on standard error, styles.
        .target(
            name: "GraderCommandLine",
            dependencies: ["GraderCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Grading a class (`grader batch`, `merge`): intake, journal, outputs, shards; the course
        // as a website (`grader book`).
        .target(
            name: "GraderInstructor",
            dependencies: [
                "GraderCore", "ZIPFoundation", "SwiftCSV", .product(name: "Ink", package: "Ink"),
                .target(name: "SQLite3", condition: .when(platforms: [.linux])),
            ]
        ),
        .target(
            name: "GraderCore",
            // GraderCore shares the wire-protocol types with ExerciseKit; depending on it also
            // guarantees that `swift run grader` builds the runtime exercises link against.
            dependencies: [
                // ObjectGraph too, so that `swift run grader` builds what Core Data exercises link
                // against (about 4 s more on a first build; Benchmarks/README.md).
                "ExerciseKit", "ObjectGraph", "Yams",
                .target(name: "SQLite3", condition: .when(platforms: [.linux])),
            ]
        ),
        // `import SQLite3` on Linux, as Apple's SDKs provide it: container checks read learners'
        // databases with it, and the grader hands the same module map to learners' builds.
        .systemLibrary(name: "SQLite3", path: "Sources/SQLite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "ExerciseKit"),
        .target(
            name: "MutationKit",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
            ]
        ),
        .executableTarget(name: "mutate", dependencies: ["MutationKit"]),
        .target(
            name: "ObjectGraph",
            dependencies: ["Yams", .target(name: "SQLite3", condition: .when(platforms: [.linux]))],
            exclude: ["README.md"],
            // Release builds skip the runtime checks of exclusive access (the compiler's static
            // checks stay): they cost a fetch of many rows about a tenth of its time
            // (Benchmarks/README.md). Debug builds, which the grader, the lessons and the tests
            // use, keep them.
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        .executableTarget(name: "objectgraph-codegen", dependencies: ["ObjectGraph"]),
        // `swift run -c release objectgraph-benchmark`: ObjectGraph against raw SQLite (Benchmarks/README.md).
        .executableTarget(
            name: "objectgraph-benchmark",
            dependencies: ["ObjectGraph", .target(name: "SQLite3", condition: .when(platforms: [.linux]))],
            path: "Benchmarks/ObjectGraphBenchmark"
        ),
        .testTarget(name: "ObjectGraphTests", dependencies: ["ObjectGraph"], exclude: ["Fixtures"]),
        // The batch tests run `grader batch`, which runs `grader-instructor`: both are built for them.
        .testTarget(name: "GraderCoreTests", dependencies: ["GraderCore", "GraderInstructor", "GraderCommandLine", "grader-instructor", "ExerciseKit", "ZIPFoundation", "SwiftCSV"]),
        .testTarget(name: "ExerciseKitTests", dependencies: ["ExerciseKit"]),
        .testTarget(name: "MutationKitTests", dependencies: ["MutationKit"]),
    ],
    swiftLanguageModes: [.v5]
)
