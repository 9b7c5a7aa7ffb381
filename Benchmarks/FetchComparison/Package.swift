// swift-tools-version:6.1
// ObjectGraph's fetches and inserts beside raw SQLite and GRDB, in one run
// (`Benchmarks/fetch-comparison.sh`, Benchmarks/README.md). A package of its own so that GRDB
// never enters the course package's dependency graph, nor a student's build.
import PackageDescription

// A package reached by path is known by its folder's name: the clone's, whatever it is called.
let course = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init)!.lowercased()

let package = Package(
    name: "FetchComparison",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "fetch-comparison",
            dependencies: [
                .product(name: "ObjectGraph", package: course),
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API for the raw contender: the same system libsqlite3 GRDB and
                // ObjectGraph link.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v5]
)
