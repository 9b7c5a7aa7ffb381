// swift-tools-version:6.0
// An Exercism-style package for the grader's "contacts-repository" exercise (see ../README.md):
// the learner's file in Sources/ContactsRepository (a link to the exercise's reference), tests
// in Tests/ContactsRepositoryTests.
import PackageDescription

let package = Package(
    name: "ContactsRepository",
    products: [
        .library(name: "ContactsRepository", targets: ["ContactsRepository"]),
    ],
    dependencies: [],
    targets: [
        // `import SQLite3` on Linux, as Apple's SDKs provide it: Sources/SQLite3 is a symbolic
        // link to the main package's module map (../../../../Sources/SQLite3), the one the
        // grader hands to every build. On Apple platforms the SDK's module is used.
        .systemLibrary(name: "SQLite3", path: "Sources/SQLite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "ContactsRepository",
            dependencies: [.target(name: "SQLite3", condition: .when(platforms: [.linux]))]
        ),
        .testTarget(
            name: "ContactsRepositoryTests",
            dependencies: ["ContactsRepository", .target(name: "SQLite3", condition: .when(platforms: [.linux]))]
        ),
    ],
    // The grader compiles with swiftc's default language mode, Swift 5.
    swiftLanguageModes: [.v5]
)
