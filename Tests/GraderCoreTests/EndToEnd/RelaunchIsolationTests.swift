import Foundation
import Testing
@testable import GraderCore

/// A relaunch must find only what the app saved in its container, however its launches start:
/// forked from a waiting binary (the default) or exec'd in a new sandbox. One counter
/// per channel a launch could leave state in for the next one; each keeps its count there
/// instead of in the container, so it passes "survives a relaunch" only if that state survived.
@Suite(.serialized)
struct RelaunchIsolationTests {
    /// Grades the fixture counter whose count lives where `store` (a Swift `enum Store` with
    /// `load()` and `save(_:)`) keeps it.
    static func grade(store: String, launch: LaunchMode) throws -> ExerciseResult {
        let course = try TemporaryCourse.fixture()
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", """
            import Foundation
            #if canImport(Glibc)
            import Glibc
            #endif

            enum CounterError: Error {
                case negative
            }

            enum Counter {
                static func value() -> Int { Store.load() }

                static func increment(by step: Int) throws -> Int {
                    guard step >= 0 else { throw CounterError.negative }
                    let count = value() + step
                    Store.save(count)
                    return count
                }

                static func report() {
                    print("count is \\(value())")
                }
            }

            \(store)
            """)
        let workspace = try GradingHarness.workspace(course, launch: launch)
        let exercise = try requireExercise("counter", in: workspace)
        return try workspace.grader(.check(jobs: 2, noCache: true)).grade([exercise])[0]
    }

    /// The count after a relaunch is 0: the case that relaunches fails on it, the others pass.
    /// - Parameter keepsWithinALaunch: the store works within one launch (it is not refused outright).
    static func expectLostOnRelaunch(_ store: String, launches: [LaunchMode] = LaunchMode.allCases, keepsWithinALaunch: Bool = true,
                                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        for launch in launches {
            let result = try grade(store: store, launch: launch)
            let errors = result.diagnostics.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(errors.map(\.message))", sourceLocation: sourceLocation)
            let relaunch = result.cases.first { $0.name == "survives a relaunch" }
            #expect(relaunch?.failure?.message == "expected 5, got 0",
                    "\(launch): \(relaunch?.failure?.message ?? "passed")", sourceLocation: sourceLocation)
            guard keepsWithinALaunch else { continue }
            let others = result.cases.filter { ["starts at zero", "increments", "prints a report"].contains($0.name) }
            #expect(others.count == 3 && others.allSatisfy { $0.status == .passed },
                    "\(launch): \(others.map { "\($0.name): \($0.failure?.message ?? "passed")" })", sourceLocation: sourceLocation)
        }
    }

    @Test func aCountKeptInTheContainerSurvives() throws {
        // The control: the same counter, saving where it should, passes both ways.
        let store = """
            enum Store {
                static var path: String { NSHomeDirectory() + "/Documents/count" }
                static func load() -> Int { (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int($0) } ?? 0 }
                static func save(_ count: Int) {
                    try? FileManager.default.createDirectory(atPath: NSHomeDirectory() + "/Documents", withIntermediateDirectories: true)
                    try? String(count).write(toFile: path, atomically: true, encoding: .utf8)
                }
            }
            """
        for launch in LaunchMode.allCases {
            let result = try Self.grade(store: store, launch: launch)
            let relaunch = result.cases.first { $0.name == "survives a relaunch" }
            #expect(relaunch?.status == .passed, "\(launch): \(relaunch?.failure?.message ?? "")")
        }
    }

    static func fileStore(_ path: String) -> String {
        """
        enum Store {
            static func load() -> Int { (try? String(contentsOfFile: "\(path)", encoding: .utf8)).flatMap { Int($0) } ?? 0 }
            static func save(_ count: Int) { try? String(count).write(toFile: "\(path)", atomically: false, encoding: .utf8) }
        }
        """
    }

    @Test func aFileInTmpIsGone() throws {
        try Self.expectLostOnRelaunch(Self.fileStore("/tmp/count"))
    }

    @Test func aFileInDevShmIsGone() throws {
        // The sandbox's /dev is read-only: the file cannot even be written.
        try Self.expectLostOnRelaunch(Self.fileStore("/dev/shm/count"), keepsWithinALaunch: false)
    }

    @Test func aSystemVSegmentIsGone() throws {
        try Self.expectLostOnRelaunch("""
            enum Store {
                static func segment() -> UnsafeMutablePointer<Int>? {
                    let id = shmget(4242, 8, IPC_CREAT | 0o600)
                    guard id >= 0, let memory = shmat(id, nil, 0), memory != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
                    return memory.assumingMemoryBound(to: Int.self)
                }
                static func load() -> Int { segment()?.pointee ?? 0 }
                static func save(_ count: Int) { segment()?.pointee = count }
            }
            """)
    }

    @Test func aDaemonServingOnAnAbstractSocketIsGone() throws {
        // A process left running (two forks and a session of its own) keeps the count and
        // serves it on an abstract Unix socket; the next launch asks it.
        try Self.expectLostOnRelaunch("""
            enum Store {
                static let name = "grader-counter-4243"
                static func address() -> (sockaddr_un, socklen_t) {
                    var address = sockaddr_un()
                    address.sun_family = sa_family_t(AF_UNIX)
                    withUnsafeMutableBytes(of: &address.sun_path) { raw in
                        raw[0] = 0
                        for (index, byte) in name.utf8.enumerated() { raw[index + 1] = byte }
                    }
                    return (address, socklen_t(MemoryLayout<sa_family_t>.size + 1 + name.utf8.count))
                }
                /// Sends `request` (-1 asks) to the daemon and returns its count; nil when there is none.
                static func ask(_ request: Int) -> Int? {
                    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
                    defer { close(fd) }
                    var (address, length) = address()
                    let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) } }
                    guard connected == 0 else { return nil }
                    var value = request
                    guard write(fd, &value, 8) == 8, read(fd, &value, 8) == 8 else { return nil }
                    return value
                }
                static func load() -> Int { ask(-1) ?? 0 }
                static func save(_ count: Int) {
                    if ask(count) != nil { return }
                    let first = fork()
                    if first == 0 {
                        setsid()
                        if fork() != 0 { _exit(0) }
                        let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
                        var (address, length) = address()
                        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(server, $0, length) } }
                        listen(server, 8)
                        var current = count
                        while true {
                            let client = accept(server, nil, nil)
                            var request = 0
                            if read(client, &request, 8) == 8, request >= 0 { current = request }
                            _ = write(client, &current, 8)
                            close(client)
                        }
                    }
                    var status: Int32 = 0
                    waitpid(first, &status, 0)
                    // Until the daemon listens: the next call must find it within the launch.
                    for _ in 0..<500 {
                        if ask(count) != nil { break }
                        usleep(10_000)
                    }
                }
            }
            """)
    }

    @Test func anEnvironmentVariableIsGone() throws {
        try Self.expectLostOnRelaunch("""
            enum Store {
                static func load() -> Int { getenv("GRADER_COUNT").flatMap { Int(String(cString: $0)) } ?? 0 }
                static func save(_ count: Int) { setenv("GRADER_COUNT", String(count), 1) }
            }
            """)
    }

    @Test func aDescriptorLeftOpenIsGone() throws {
        // An unlinked file kept open on descriptor 100, not close-on-exec.
        try Self.expectLostOnRelaunch("""
            enum Store {
                static func load() -> Int {
                    var value = 0
                    return pread(100, &value, 8, 0) == 8 ? value : 0
                }
                static func save(_ count: Int) {
                    if fcntl(100, F_GETFD) == -1 {
                        let fd = open(NSHomeDirectory() + "/held", O_RDWR | O_CREAT, 0o600)
                        unlink(NSHomeDirectory() + "/held")
                        dup2(fd, 100)
                    }
                    var value = count
                    _ = pwrite(100, &value, 8, 0)
                }
            }
            """)
    }

    @Test func theWaitingBinarysMemoryIsOutOfReach() throws {
        // A forked launch has its parent's layout: a global at the same address in the waiting
        // binary would be inherited by the next launch. The counter writes its count there
        // through /proc/1/mem, process_vm_writev and ptrace, and reads its own copy.
        try Self.expectLostOnRelaunch("""
            nonisolated(unsafe) var counterStorage = 0

            enum Store {
                typealias Ptrace = @convention(c) (Int32, Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int
                static func load() -> Int { counterStorage }
                static func save(_ count: Int) {
                    counterStorage = count
                    let address = withUnsafeMutablePointer(to: &counterStorage) { UnsafeMutableRawPointer($0) }
                    var value = count
                    let memory = open("/proc/1/mem", O_RDWR)
                    if memory >= 0 {
                        _ = pwrite(memory, &value, 8, off_t(Int(bitPattern: address)))
                        close(memory)
                    }
                    typealias Write = @convention(c) (Int32, UnsafePointer<iovec>, UInt, UnsafePointer<iovec>, UInt, UInt) -> Int
                    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "process_vm_writev") {
                        let buffer = UnsafeMutablePointer<Int>.allocate(capacity: 1)
                        buffer.pointee = count
                        var local = iovec(iov_base: UnsafeMutableRawPointer(buffer), iov_len: 8)
                        var remote = iovec(iov_base: address, iov_len: 8)
                        _ = unsafeBitCast(symbol, to: Write.self)(1, &local, 1, &remote, 1, 0)
                        buffer.deallocate()
                    }
                    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "ptrace") {
                        let ptrace = unsafeBitCast(symbol, to: Ptrace.self)
                        if ptrace(16, 1, nil, nil) == 0 { // PTRACE_ATTACH
                            var status: Int32 = 0
                            waitpid(1, &status, Int32(__WALL))
                            _ = ptrace(5, 1, address, UnsafeMutableRawPointer(bitPattern: count)) // PTRACE_POKEDATA
                            _ = ptrace(17, 1, nil, nil) // PTRACE_DETACH
                        }
                    }
                }
            }
            """, launches: [.fork])
    }
}
