// swift-tools-version:6.0
// An Exercism-style package for the grader's "car-settings" exercise (see ../README.md): the learner's
// file in Sources/CarSettings (a link to the exercise's reference), tests in Tests/CarSettingsTests.
import PackageDescription

let package = Package(
    name: "CarSettings",
    products: [
        .library(name: "CarSettings", targets: ["CarSettings"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "CarSettings", dependencies: []),
        .testTarget(name: "CarSettingsTests", dependencies: ["CarSettings"]),
    ],
    // The grader compiles with swiftc's default language mode, Swift 5.
    swiftLanguageModes: [.v5]
)
