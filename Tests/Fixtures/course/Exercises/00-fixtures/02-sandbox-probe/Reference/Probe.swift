import Foundation

enum Probe {
    static func directories() -> [String: String] {
        let fm = FileManager.default
        let greeting = Bundle.main.url(forResource: "greeting", withExtension: "txt")
            .flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? "not found"
        return [
            "home": NSHomeDirectory(),
            "documents": fm.urls(for: .documentDirectory, in: .userDomainMask)[0].path,
            "caches": fm.urls(for: .cachesDirectory, in: .userDomainMask)[0].path,
            "temporary": fm.temporaryDirectory.path,
            "nsTemporary": NSTemporaryDirectory(),
            "bundle": Bundle.main.bundlePath,
            "greeting": greeting,
        ]
    }

    static func setDefault(_ value: String) {
        UserDefaults.standard.set(value, forKey: "probe")
    }

    static func readDefault() -> String? {
        UserDefaults.standard.string(forKey: "probe")
    }

    static func preferenceFiles() -> [String] {
        let folder = NSHomeDirectory() + "/Library/Preferences"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    static func outside() -> [String: Bool] {
        let course = FileManager.default.fileExists(atPath: CommandLine.arguments.first.map { _ in "/work" } ?? "/work")
            || FileManager.default.fileExists(atPath: "/root")
        let bundleWritable = FileManager.default.createFile(atPath: Bundle.main.bundlePath + "/x", contents: Data())
        return ["course": course, "network": canConnect(), "bundleWritable": bundleWritable]
    }

    /// Tries a TCP connection to a loopback port outside the sandbox's network namespace.
    private static func canConnect() -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(22).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return result == 0
    }
}
