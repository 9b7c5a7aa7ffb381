import Foundation

/// Debian's chromium, headless: what a page looks like to a real browser.
enum Chromium {
    /// Runs chromium headless as a root user in a container can (no sandbox, no GPU), with a
    /// profile of its own: tests run in parallel, and two browsers never share a profile.
    private static func run(_ arguments: [String]) throws -> ExternalTool.Output {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-profile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        return try ExternalTool.run("chromium", [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--disable-dev-shm-usage", "--hide-scrollbars", "--user-data-dir=\(profile.path)",
        ] + arguments)
    }

    /// The DOM after parsing (`--dump-dom`): escapes resolved, scripts (none here) run.
    static func dumpDOM(_ page: URL) throws -> String {
        let output = try run(["--dump-dom", page.absoluteString])
        guard output.status == 0 else { throw failure("--dump-dom", output) }
        return output.stdout
    }

    /// A PNG of the page at `width`×`height`.
    static func screenshot(_ page: URL, to png: URL, width: Int, height: Int) throws {
        let output = try run(["--screenshot=\(png.path)", "--window-size=\(width),\(height)", page.absoluteString])
        guard output.status == 0, FileManager.default.fileExists(atPath: png.path) else { throw failure("--screenshot", output) }
    }

    /// A PNG's width and height, from its IHDR chunk.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        func integer(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (integer(16), integer(20))
    }

    private static func failure(_ what: String, _ output: ExternalTool.Output) -> Error {
        NSError(domain: "Chromium", code: Int(output.status), userInfo: [NSLocalizedDescriptionKey:
            "chromium \(what) exited with \(output.status): \(output.stderr.suffix(2000))"])
    }
}
