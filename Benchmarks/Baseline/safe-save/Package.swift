// swift-tools-version:6.0
// An Exercism-style package for the grader's "safe-save" exercise (see ../README.md): the learner's
// file in Sources/SafeSave (a link to the exercise's reference), tests in Tests/SafeSaveTests.
import PackageDescription

let package = Package(
    name: "SafeSave",
    products: [
        .library(name: "SafeSave", targets: ["SafeSave"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "SafeSave", dependencies: []),
        .testTarget(name: "SafeSaveTests", dependencies: ["SafeSave"]),
    ],
    // The grader compiles with swiftc's default language mode, Swift 5.
    swiftLanguageModes: [.v5]
)
