import Foundation
#if canImport(Glibc)
import Glibc
#endif

// What one launch of a small app costs, three ways (Benchmarks/fork-launch.sh):
//   main serve N [work]   one process that has loaded Foundation forks N children;
//   main serve-warmed N work   the same, the step's work done once before the first fork: what
//                         warming Foundation in the waiting app would give (the grader cannot do
//                         it: Foundation's caches are Swift dictionaries hashed with the server's
//                         seed, and each launch gets another, Docs/architecture.md);
//   main serve-icu N work the same, with only ICU's own (C) date formatting warmed first;
//   main spawn N [work]   one process starts the binary N times (exec, one sandbox);
//   main [work|idle]      one launch (the script starts it in a new sandbox each time).
// With `work`, each launch does what a small exercise step does: parses JSON, reads and
// writes an ISO 8601 date, writes a file and removes it.

func work() {
    let data = Data(#"{"name":"Ana","born":"1990-05-01T10:00:00Z","tags":["a","b"]}"#.utf8)
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let born = object["born"] as? String else { exit(1) }
    let formatter = ISO8601DateFormatter()
    guard let date = formatter.date(from: born) else { exit(1) }
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("launch-\(getpid()).json")
    do {
        try JSONSerialization.data(withJSONObject: ["born": formatter.string(from: date)]).write(to: url)
        try FileManager.default.removeItem(at: url)
    } catch {
        exit(1)
    }
}

/// ICU's date formatting made ready through its C interface (the toolchain's copy prefixes its
/// symbols with `swift_`): no Swift collection is built.
func warmICU() {
    typealias Open = @convention(c) (Int32, Int32, UnsafePointer<CChar>?, UnsafePointer<UInt16>?, Int32,
                                     UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<Int32>) -> OpaquePointer?
    typealias Format = @convention(c) (OpaquePointer?, Double, UnsafeMutablePointer<UInt16>?, Int32, OpaquePointer?,
                                       UnsafeMutablePointer<Int32>) -> Int32
    guard let library = dlopen("lib_FoundationICU.so", RTLD_NOW), let openSymbol = dlsym(library, "swift_udat_open"),
          let formatSymbol = dlsym(library, "swift_udat_format") else { exit(1) }
    let open = unsafeBitCast(openSymbol, to: Open.self)
    let format = unsafeBitCast(formatSymbol, to: Format.self)
    var status: Int32 = 0
    let zone = Array("GMT".utf16)
    let pattern = Array("yyyy-MM-dd'T'HH:mm:ssXXXXX".utf16)
    let formatter = open(-2, -2, "en_US_POSIX", zone, Int32(zone.count), pattern, Int32(pattern.count), &status)
    var buffer = [UInt16](repeating: 0, count: 64)
    _ = format(formatter, 0, &buffer, 64, nil, &status)
}

let arguments = CommandLine.arguments
let working = arguments.last == "work"
switch arguments.count > 2 ? arguments[1] : "" {
case "serve-warmed":
    work()
    fallthrough
case "serve-icu":
    if arguments[1] == "serve-icu" { warmICU() }
    fallthrough
case "serve":
    let count = Int(arguments[2]) ?? 1
    for _ in 0..<count {
        let child = fork()
        if child == 0 {
            if working { work() }
            _exit(0)
        }
        var status: Int32 = 0
        waitpid(child, &status, 0)
    }
case "spawn":
    let count = Int(arguments[2]) ?? 1
    for _ in 0..<count {
        var child: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(arguments[0]), strdup(working ? "work" : "idle"), nil]
        guard posix_spawn(&child, arguments[0], nil, nil, argv, environ) == 0 else { exit(1) }
        var status: Int32 = 0
        waitpid(child, &status, 0)
    }
default:
    if working { work() }
}
