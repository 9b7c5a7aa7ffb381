import Foundation
import Testing
@testable import MutationKit

/// The schema of hand-written variants: each changed stretch of statements behind its number,
/// to the end of its block, and the variants it must leave to be built alone.
struct VariantSchemaTests {
    private let source = """
        struct Store {
            var limit = 3

            func total(_ a: Int, _ b: Int) -> Int {
                let sum = a + b
                print(sum)
                return sum
            }

            func name() -> String {
                "store"
            }
        }

        """

    private func schema(_ variants: [(String, String)]) -> MutantSchema {
        MutantSchema(source: source, variants: variants.map { (name: $0.0, text: $0.1) })
    }

    /// The schema's text before its switch.
    private func body(_ schema: MutantSchema) -> String {
        String(schema.source[..<schema.source.range(of: "\n// The mutant schema's switch")!.lowerBound])
    }

    private func replacing(_ old: String, with new: String) -> String {
        source.replacingOccurrences(of: old, with: new)
    }

    @Test func aChangedStatementIsAChoiceToTheEndOfItsBlock() {
        let result = schema([("minus", replacing("a + b", with: "a - b"))])
        #expect(result.numbers == ["minus": 1] && result.leftOut.isEmpty)
        #expect(body(result).contains("""
                func total(_ a: Int, _ b: Int) -> Int {
            if __graderMutant(1) {
                    let sum = a - b
                    print(sum)
                    return sum
            } else {
                    let sum = a + b
                    print(sum)
                    return sum
            }
                }
            """))
    }

    @Test func variantsInOneBlockNestAndOnOneStatementAreAlternatives() {
        let result = schema([("minus", replacing("a + b", with: "a - b")),
                             ("times", replacing("a + b", with: "a * b")),
                             ("silent", replacing("        print(sum)\n", with: ""))])
        #expect(result.numbers == ["minus": 1, "times": 2, "silent": 3] && result.leftOut.isEmpty)
        let text = body(result)
        #expect(text.contains("if __graderMutant(1) {\n        let sum = a - b"))
        #expect(text.contains("} else if __graderMutant(2) {\n        let sum = a * b"))
        // The third changes a later statement: its choice is inside the original's branch.
        let original = text.range(of: "} else {\n        let sum = a + b\n")!
        #expect(text[original.upperBound...].hasPrefix("if __graderMutant(3) {\n        return sum\n"))
        // Each alternative is a site of its own, inside the site of the whole choice.
        #expect(result.sites.filter { $0.mutants == ["minus": 1] }.count == 1)
        #expect(result.sites.filter { $0.mutants == ["silent": 3] }.count == 2)
        #expect(result.sites.contains { $0.mutants == ["minus": 1, "times": 2] })
    }

    @Test func aVariantThatChangesMoreThanStatementsIsLeftOut() {
        let result = schema([("signature", replacing("_ b: Int) -> Int", with: "_ b: Int = 1) -> Int")),
                             ("property", replacing("var limit = 3", with: "var limit = 4")),
                             ("member", replacing("var limit = 3", with: "var limit = 3\n    var extra = 0")),
                             ("same", source),
                             ("body", replacing("print(sum)", with: "print(sum, sum)"))])
        // An added stored property changes the type (its layout, a synthesized conformance).
        #expect(result.leftOut == ["signature", "property", "member", "same"])
        #expect(result.numbers == ["body": 5])
    }

    @Test func aBodysOnlyExpressionIsAnIfExpressionOnlyWhileTheVariantKeepsOne() {
        let result = schema([("value", replacing("\"store\"", with: "\"shop\"")),
                             ("statements", replacing("        \"store\"\n", with: "        let name = \"shop\"\n        return name\n"))])
        // Its value stays its value: `if` with one expression in each branch is an expression.
        #expect(result.numbers == ["value": 1] && result.leftOut == ["statements"])
        #expect(body(result).contains("""
                func name() -> String {
            if __graderMutant(1) {
                    "shop"
            } else {
                    "store"
            }
                }
            """))
    }

    @Test func anAddedStaticPropertyIsWrittenWhateverTheNumber() {
        let result = schema([("cached", replacing("    var limit = 3\n", with: "    var limit = 3\n    // Kept for the process.\n    nonisolated(unsafe) static var cache: Int?\n")
                                .replacingOccurrences(of: "        print(sum)\n", with: "        Self.cache = sum\n"))])
        #expect(result.numbers == ["cached": 1])
        let text = body(result)
        #expect(text.contains("    var limit = 3\n    // Kept for the process.\n    nonisolated(unsafe) static var cache: Int?\n\n    func total"))
        #expect(text.contains("if __graderMutant(1) {\n        Self.cache = sum\n        return sum\n} else {\n        print(sum)\n"))
        // The added text is a site of its own, so that a compile error there leaves the variant out.
        let bytes = Array(result.source.utf8)
        #expect(result.sites.contains { site in
            site.mutants == ["cached": 1]
                && String(decoding: bytes[site.start..<site.end], as: UTF8.self) == "    // Kept for the process.\n    nonisolated(unsafe) static var cache: Int?\n"
        })
    }

    @Test func changesInTwoBodiesAreTwoSitesOfOneNumber() {
        let source = "func a() {\n    print(1)\n}\n\nfunc b() {\n    print(2)\n}\n"
        let variant = "func a() {\n    print(10)\n}\n\nfunc b() {\n    print(20)\n}\n"
        let result = MutantSchema(source: source, variants: [(name: "both", text: variant)])
        #expect(result.numbers == ["both": 1])
        #expect(body(result) == """
            func a() {
            if __graderMutant(1) {
                print(10)
            } else {
                print(1)
            }
            }

            func b() {
            if __graderMutant(1) {
                print(20)
            } else {
                print(2)
            }
            }

            """)
    }

    /// The schema compiles, and with the marker as written it is the original program.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/swiftc")
    } ?? false))
    func theSchemaRunsAsTheOriginalWithNoNumberAndAsTheVariantWithItsNumber() throws {
        let program = "func total(_ a: Int, _ b: Int) -> Int {\n    let sum = a + b\n    return sum\n}\nprint(total(2, 3))\n"
        let result = MutantSchema(source: "@main struct Main { static func main() {\n    print(total(2, 3))\n} }\n"
            + program.components(separatedBy: "print(total(2, 3))\n")[0],
            variants: [(name: "minus", text: "@main struct Main { static func main() {\n    print(total(2, 3))\n} }\n"
                + program.components(separatedBy: "print(total(2, 3))\n")[0].replacingOccurrences(of: "a + b", with: "a - b"))])
        #expect(result.numbers == ["minus": 1])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("variant-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try result.source.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        func run(_ executable: String, _ arguments: [String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
            process.currentDirectoryURL = folder
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: output, as: UTF8.self)
        }
        _ = try run("swiftc", ["-parse-as-library", "-module-name", "Schema", "main.swift", "-o", "schema"])
        #expect(try run(folder.appendingPathComponent("schema").path, []) == "5\n")
        // The grader writes the number over the marker in a copy of the binary.
        var binary = try Data(contentsOf: folder.appendingPathComponent("schema"))
        let marker = Data(MutantSchema.slotMarker.utf8)
        let at = try #require(binary.range(of: marker))
        binary.replaceSubrange(at, with: Data((MutantSchema.slotPrefix + "000001").utf8))
        try binary.write(to: folder.appendingPathComponent("one"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("one").path)
        #expect(try run(folder.appendingPathComponent("one").path, []) == "-1\n")
    }
}
