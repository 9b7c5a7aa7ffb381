import Foundation
#if canImport(Glibc)
import Glibc
#endif

// What one launch of a small app costs, three ways (Benchmarks/fork-launch.sh):
//   main serve N [work]   one process that has loaded Foundation forks N children;
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

let arguments = CommandLine.arguments
let working = arguments.last == "work"
switch arguments.count > 2 ? arguments[1] : "" {
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
