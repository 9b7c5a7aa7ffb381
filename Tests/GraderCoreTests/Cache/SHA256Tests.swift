import Foundation
import Testing
@testable import GraderCore

/// The hash results and handouts record must be the SHA-256 everyone else computes: the
/// standard's own examples, and `sha256sum` on real files.
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func theStandardsExamples(text: String, digest: String) {
        #expect(SHA256.hex(of: Data(text.utf8)) == digest)
    }

    @Test func aMillionAsReadInPieces() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(repeating: UInt8(ascii: "a"), count: 1_000_000).write(to: file)
        #expect(try SHA256.hex(ofFile: file) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the 64-byte block and the 1 MiB pieces a file is read in, each compared
    /// with coreutils' `sha256sum` on the same file.
    @Test(arguments: [55, 56, 63, 64, 65, 119, 1 << 20, (1 << 20) + 7, 3_000_001])
    func sameAsSha256sum(length: Int) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        var generator = SeededRandom(seed: UInt64(length))
        let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let expected = try #require(printed.split(separator: " ").first.map(String.init))
        #expect(try SHA256.hex(ofFile: file) == expected)
        #expect(SHA256.hex(of: Data(bytes)) == expected)
    }
}
