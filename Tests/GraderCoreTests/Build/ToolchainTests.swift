import Foundation
import Testing
@testable import GraderCore

struct ToolchainTests {
    #if os(Linux)
    @Test func theSQLite3ModuleMapIsFoundBesideTheSourcesOrWhereTheEnvironmentSays() throws {
        // By default: Sources/SQLite3 of the checkout the grader was built from.
        // (Called from this file, as from any other: the default is Toolchain.swift's own path.)
        let found = try Toolchain.systemModuleDirectories(environment: [:])
        #expect(found.map(\.lastPathComponent) == ["SQLite3"])
        #expect(FileManager.default.fileExists(atPath: found[0].appendingPathComponent("module.modulemap").path))
        // The override wins.
        let override = try Toolchain.systemModuleDirectories(environment: ["GRADER_SQLITE3_MODULE_DIR": found[0].path])
        #expect(override == [URL(fileURLWithPath: found[0].path)])
        // A folder without the module map is a clear error, not a failure in every build.
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-module-\(UUID().uuidString)")
        #expect(throws: GraderError.self) {
            try Toolchain.systemModuleDirectories(environment: ["GRADER_SQLITE3_MODULE_DIR": empty.path])
        }
        #expect(throws: GraderError.self) {
            try Toolchain.systemModuleDirectories(environment: [:], sourceFile: "/nowhere/Sources/GraderCore/Build/Toolchain.swift")
        }
    }
    #endif
}
