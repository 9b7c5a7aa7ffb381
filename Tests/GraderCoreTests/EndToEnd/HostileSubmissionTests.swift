import Foundation
import Testing
@testable import GraderCore

/// One hostile submission per threat, graded for real: each is stopped and reported by name,
/// the run's other cases keep their results, and nothing it started or wrote is left afterwards.
///
/// The counter exercise's `increment(by: 7)` runs the attack first; a case `hostile` calls it in
/// three launches. The limits are small, so that each test takes a few seconds.
@Suite(.serialized)
struct HostileSubmissionTests {
    static let limits = "{time_limit: 3s, processes: 48, total_memory: 160MiB, tmp_size: 1MiB, container_size: 2MiB, case_time_limit: 6s}"

    /// Whether this machine gives launches cgroups (the tests that need them say so when skipped).
    static let cgroups: Bool = ResourceControl.detect().version != nil

    struct Graded {
        var result: ExerciseResult
        var hostile: CaseResult
        /// What was left behind: launch cgroups, and containers on disk.
        var leftCgroups: [String]
        var leftContainers: [String]
        /// The course it was graded in.
        var course: TemporaryCourse
    }

    /// Grades the counter exercise whose `increment(by: 7)` first runs `attack` (Swift statements).
    static func grade(_ attack: String, limits: String = Self.limits, caseSteps: Int = 3) throws -> Graded {
        try grade({ _ in attack }, limits: limits, caseSteps: caseSteps)
    }

    /// Grades with an attack written for the course it is graded in (which knows its paths).
    static func grade(_ attackOn: (TemporaryCourse) -> String, limits: String = Self.limits, caseSteps: Int = 3) throws -> Graded {
        let course = try TemporaryCourse.fixture()
        try write(attackOn(course), into: course, limits: limits, caseSteps: caseSteps)
        let workspace = try GradingHarness.workspace(course)
        #expect(workspace.problems.isEmpty, "\(workspace.problems)")
        let exercise = try requireExercise("counter", in: workspace)
        let result = try workspace.grader(.check(jobs: 2, noCache: true)).grade([exercise])[0]
        let hostile = try #require(result.cases.first { $0.name == "hostile" })
        let groups = workspace.workbench.launcher.sandbox.resources.runDirectories.values.flatMap {
            (try? FileManager.default.contentsOfDirectory(atPath: $0.path))?.filter { $0.hasPrefix("launch-") } ?? []
        }
        let containers = (try? FileManager.default.contentsOfDirectory(atPath: workspace.workbench.containersDirectory.path)) ?? []
        return Graded(result: result, hostile: hostile, leftCgroups: groups, leftContainers: containers, course: course)
    }

    /// Writes the counter exercise with its attack and limits into `course`.
    static func write(_ attack: String, into course: TemporaryCourse, limits: String = Self.limits, caseSteps: Int = 3) throws {
        let folder = "Exercises/00-fixtures/01-counter"
        let steps = Array(repeating: "      - call: increment\n        args: {by: 7}\n      - relaunch\n", count: caseSteps).joined()
        try course.write("\(folder)/exercise.yml", """
            format: 1
            title: Counter
            summary: A counter under attack.
            limits: \(limits)
            cases:
              - name: starts at zero
                steps:
                  - call: value
                    expect: 0
              - name: increments
                steps:
                  - call: increment
                    args: {by: 2}
                    expect: 2
              - name: rejects a negative step
                steps:
                  - call: increment
                    args: {by: -1}
                    expect_error: CounterError.negative
              - name: prints a report
                steps:
                  - call: report
                    stdout: "count is 0"
              - name: hostile
                steps:
            \(steps)      - call: value

            """)
        let passes = try Fixtures.submission("passes")
        try course.write("\(folder)/Solution.swift", passes.replacingOccurrences(
            of: "guard step >= 0 else { throw CounterError.negative }",
            with: "guard step >= 0 else { throw CounterError.negative }\n        if step == 7 { try Hostile.attack() }")
            + "\nenum Hostile {\n    static func attack() throws {\n\(attack)\n    }\n}\n")
    }

    /// The other four cases passed, and nothing was left behind.
    static func expectIntact(_ graded: Graded, sourceLocation: SourceLocation = #_sourceLocation) {
        let others = graded.result.cases.filter { $0.name != "hostile" }
        #expect(others.count == 4 && others.allSatisfy { $0.status == .passed },
                "\(others.map { "\($0.name): \($0.failure?.message ?? "passed")" })", sourceLocation: sourceLocation)
        #expect(graded.leftCgroups.isEmpty, "cgroups left: \(graded.leftCgroups)", sourceLocation: sourceLocation)
        #expect(graded.leftContainers.isEmpty, "containers left: \(graded.leftContainers)", sourceLocation: sourceLocation)
    }

    /// The processes whose command line contains `marker` (none should outlive a launch).
    static func processes(_ marker: String) throws -> [String] {
        let pgrep = Process()
        pgrep.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        pgrep.arguments = ["-f", marker]
        let pipe = Pipe()
        pgrep.standardOutput = pipe
        try pgrep.run()
        pgrep.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Statements that start `script` with `/bin/sh` and, unless `wait` is false, wait for it.
    static func shell(_ script: String, wait: Bool = true) -> String {
        """
                let shell = Process()
                shell.executableURL = URL(fileURLWithPath: "/bin/sh")
                shell.arguments = ["-c", #"\(script)"#]
                try shell.run()
                \(wait ? "shell.waitUntilExit()" : "")
        """
    }

    @Test(.enabled(if: cgroups, "needs a pids cgroup, which this machine does not give the grader"))
    func aForkBombIsStoppedAtTheProcessLimit() throws {
        // The app starts the bomb and waits, as a program whose children never finish does.
        let graded = try Self.grade(Self.shell("exec 2>/dev/null; bomb() { bomb | bomb & }; bomb; sleep 4201", wait: false)
                                    + "\n        while true { sleep(1) }")
        #expect(graded.hostile.failure?.kind == .limitExceeded)
        #expect(graded.hostile.failure?.limit == .processes(48))
        #expect(graded.hostile.failure?.message.hasPrefix("the app exceeded the limit of 48 processes") == true)
        Self.expectIntact(graded)
        #expect(try Self.processes("bomb | bomb").isEmpty && Self.processes("sleep 4201").isEmpty)
    }

    @Test func withoutCgroupsEveryReportSaysWhichLimitsWereNotEnforced() throws {
        // GRADER_CGROUPS=off makes the grader act as on a machine without cgroups, and both
        // reports say what that leaves unbounded. (No bomb here: without a process limit it
        // would take the machine's PIDs until the launch's time limit, for everyone on it.)
        let course = try TemporaryCourse.fixture()
        try Self.write("        Thread.sleep(forTimeInterval: 0.01)", into: course, caseSteps: 1)
        let off = ["GRADER_CGROUPS": "off"]
        let terminal = try GraderProcess.run(["check", "counter", "--no-cache"], in: course.root, environment: off)
        #expect(terminal.status == 0, "\(terminal.stdout)\(terminal.stderr)")
        #expect(terminal.stdout.contains("limits not enforced on this machine:\n  processes: cgroups are turned off (GRADER_CGROUPS=off)"))
        #expect(terminal.stdout.contains("  total_memory: cgroups are turned off"))
        let json = try GraderProcess.run(["check", "counter", "--format", "json"], in: course.root, environment: off)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["revision"] as? Int == 9)
        let unenforced = try #require(report["unenforced_limits"] as? [[String: String]])
        #expect(unenforced.map { $0["resource"] } == ["processes", "total_memory", "cpus"])
        // With cgroups, the same run lists nothing, and every case passes: the grader, started
        // with few descriptors open, hands bubblewrap the right ones to join its cgroup.
        if Self.cgroups {
            let enforced = try GraderProcess.run(["check", "counter", "--no-cache", "--format", "json"], in: course.root)
            #expect(enforced.status == 0, "\(enforced.stdout)")
            let all = try #require(try JSONSerialization.jsonObject(with: Data(enforced.stdout.utf8)) as? [String: Any])
            #expect((all["unenforced_limits"] as? [Any])?.isEmpty == true)
        }
    }

    @Test(.enabled(if: cgroups, "needs a memory cgroup, which this machine does not give the grader"))
    func aMemoryBombAcrossChildrenIsStoppedAtTheLaunchsTotal() throws {
        // Each child holds 40 MiB, far below the 4 GiB each process may address: only the
        // launch's total stops six of them.
        let graded = try Self.grade(Self.shell("for i in 1 2 3 4 5 6; do dd if=/dev/zero bs=40M count=1 2>/dev/null | sleep 4202 & done; wait"))
        #expect(graded.hostile.failure?.kind == .limitExceeded)
        #expect(graded.hostile.failure?.limit == .memory(bytes: 160 << 20))
        #expect(graded.hostile.failure?.message.hasPrefix("the app used more than 160 MiB of memory") == true)
        Self.expectIntact(graded)
        #expect(try Self.processes("sleep 4202").isEmpty)
    }

    @Test(.enabled(if: cgroups, "names a full /tmp from the launch's memory cgroup, which this machine does not give the grader"))
    func fillingTmpStopsAtItsSize() throws {
        let graded = try Self.grade("""
                var index = 0
                while true {
                    try Data(count: 256 << 10).write(to: URL(fileURLWithPath: "/tmp/fill-\\(index)"))
                    index += 1
                }
        """)
        #expect(graded.hostile.failure?.limit == .tmp(bytes: 1 << 20), "\(String(describing: graded.hostile.failure))")
        #expect(graded.hostile.failure?.message.hasPrefix("the app filled /tmp past 1 MiB") == true)
        Self.expectIntact(graded)
    }

    @Test func fillingTheContainerIsStoppedNearItsSize() throws {
        let graded = try Self.grade("""
                let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                var index = 0
                while true {
                    try Data(count: 512 << 10).write(to: documents.appendingPathComponent("fill-\\(index)"))
                    index += 1
                }
        """)
        #expect(graded.hostile.failure?.kind == .limitExceeded)
        #expect(graded.hostile.failure?.limit == .container(bytes: 2 << 20))
        #expect(graded.hostile.failure?.message == "the app filled its container past 2 MiB and was stopped")
        Self.expectIntact(graded)
    }

    @Test func spinningIsStoppedAtTheCPUTimeLimit() throws {
        let limits = Self.limits.replacingOccurrences(of: "time_limit: 3s,", with: "time_limit: 3s, cpu_time: 1s,")
        let graded = try Self.grade("        while true {}", limits: limits)
        #expect(graded.hostile.failure?.kind == .limitExceeded)
        #expect(graded.hostile.failure?.limit == .cpuTime(seconds: 1))
        #expect(graded.hostile.failure?.message == "the app used more than 1 s of CPU time and was stopped")
        Self.expectIntact(graded)
    }

    @Test func sleepingJustUnderTheLaunchsLimitOnEveryCallIsStoppedByTheCasesTotal() throws {
        // Each launch answers within its 3 s; four launches of 2.2 s each do not fit in 6 s.
        let graded = try Self.grade("        Thread.sleep(forTimeInterval: 2.2)", caseSteps: 4)
        #expect(graded.hostile.failure?.kind == .limitExceeded)
        #expect(graded.hostile.failure?.limit == .caseTime(seconds: 6))
        #expect(graded.hostile.failure?.message.hasPrefix("the app took more than 6 s over the case's launches together") == true)
        #expect((graded.hostile.failure?.stepIndex ?? 0) >= 4, "the first launches were within their limit")
        Self.expectIntact(graded)
    }

    @Test func aBatchsTimeBudgetStopsTheCaseThatIsRunning() throws {
        // Each launch answers within its 3 s and the case would fit its 30 s, but the student's
        // budget of 4 s runs out in the middle of it.
        let course = try TemporaryCourse.fixture()
        try Self.write("        Thread.sleep(forTimeInterval: 2.5)", into: course,
                       limits: Self.limits.replacingOccurrences(of: "case_time_limit: 6s", with: "case_time_limit: 30s"), caseSteps: 4)
        let workspace = try GradingHarness.workspace(course)
        let exercise = try requireExercise("counter", in: workspace)
        // Built first, so that the budget is the cases'.
        _ = try workspace.workbench.engine.build(exercise: exercise, sources: exercise.learnerSources)
        _ = try workspace.workbench.engine.build(exercise: exercise, sources: exercise.referenceSources)
        let grader = workspace.grader(GraderOptions(jobs: 1))
        let result = try grader.grade([Grader.Job(exercise: exercise, variant: .learner, budget: TimeBudget(seconds: 4))])[0]
        let hostile = try #require(result.cases.first { $0.name == "hostile" })
        #expect(hostile.failure?.kind == .limitExceeded)
        #expect(hostile.failure?.limit == .timeBudget(seconds: 4))
        #expect(hostile.failure?.message.hasPrefix("the app was stopped when the time budget of 4 s for the whole submission ran out") == true)
        #expect(result.cases.filter { $0.name != "hostile" }.allSatisfy { $0.status == .passed }, "the cases before it ran")
    }

    @Test func aDaemonDoesNotOutliveItsLaunch() throws {
        // It forks into its own session and keeps writing into the container; the case is not
        // harmed, and nothing is left running.
        let graded = try Self.grade(Self.shell(
            "setsid sh -c 'while :; do echo tick >> \"$HOME/Documents/daemon-4207.log\"; sleep 0.05; done' </dev/null >/dev/null 2>&1 &",
            wait: false) + "\n        Thread.sleep(forTimeInterval: 0.2)")
        #expect(graded.hostile.status == .passed, "\(String(describing: graded.hostile.failure))")
        Self.expectIntact(graded)
        #expect(try Self.processes("daemon-4207").isEmpty)
    }

    @Test func aCrashPointsAtTheLearnersOwnFile() throws {
        let graded = try Self.grade("        preconditionFailure(\"at \\(#file)\")")
        let failure = try #require(graded.hostile.failure)
        #expect(failure.kind == .crashed)
        // The trap names the file as the compiler's errors do, by its path in the course.
        #expect(failure.message.contains("Exercises/00-fixtures/01-counter/Solution.swift:"), "\(failure.message)")
        #expect(!failure.message.contains("App/Solution.swift") && !failure.stderr.contains("App/Solution.swift"), "\(failure.stderr)")
        #expect(failure.message.contains("at Exercises/00-fixtures/01-counter/Solution.swift"), "#file is the course's path")
        #expect(!failure.stderr.contains("/tmp/course-") && !failure.stderr.contains(GradingHarness.workDirectory.path))
        Self.expectIntact(graded)
    }

    @Test func exitingWithZeroMidCaseIsReportedAsAnExit() throws {
        let graded = try Self.grade("        exit(0)")
        #expect(graded.hostile.failure?.kind == .exited)
        #expect(graded.hostile.failure?.message.hasPrefix("the app exited with status 0 before answering") == true)
        Self.expectIntact(graded)
    }

    @Test func killingTheGraderReachesNothingOutsideTheLaunch() throws {
        // The attack signals the grader at its host process ID, its own parent, and every
        // process it may signal (kill -1), then answers as usual: in its PID namespace none of
        // them is the grader, which goes on grading every case.
        let grader = getpid()
        let graded = try Self.grade("""
                kill(\(grader), SIGKILL)
                kill(getppid(), SIGKILL)
                kill(-1, SIGKILL)
                Thread.sleep(forTimeInterval: 0.1)
        """)
        #expect(getpid() == grader)
        #expect(graded.hostile.status == .passed, "\(graded.hostile.failure?.message ?? "")")
        Self.expectIntact(graded)
    }

    @Test func stoppingKillingOrTracingTheWaitingBinaryChangesNothing() throws {
        // The waiting binary that forks each launch is the sandbox's PID 1: the attack stops it,
        // kills it, and tries to trace it, then answers as usual; the relaunches that follow
        // are forked as if nothing had happened, and every answer arrives.
        let graded = try Self.grade("""
                kill(1, SIGSTOP)
                kill(1, SIGKILL)
                kill(1, SIGTERM)
                if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "ptrace") {
                    typealias Ptrace = @convention(c) (Int32, Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int
                    if unsafeBitCast(symbol, to: Ptrace.self)(16, 1, nil, nil) == 0 { fatalError("traced PID 1") }
                }
                if open("/proc/1/mem", O_RDONLY) >= 0 { fatalError("opened the memory of PID 1") }
        """)
        #expect(graded.hostile.status == .passed, "\(graded.hostile.failure?.message ?? "")")
        Self.expectIntact(graded)
    }

    @Test func deletingTheHomeAndTheCourseLosesNothingButTheLaunchsOwnFiles() throws {
        // The attack empties its home (the app container) on every call, and tries the course's
        // files at their host paths and the app's read-only bundle. The grader relaunches into the
        // emptied container: the case fails on the count the app lost, with nothing of the
        // grader's own, and the course, the grader's folders and the other cases are untouched.
        let graded = try Self.grade { course in """
                let marker = NSHomeDirectory() + "/Documents/marker"
                try FileManager.default.createDirectory(atPath: NSHomeDirectory() + "/Documents", withIntermediateDirectories: true)
                FileManager.default.createFile(atPath: marker, contents: Data())
                \(Self.shell("rm -rf \"$HOME\" 2>/dev/null; true"))
                if FileManager.default.fileExists(atPath: marker) { fatalError("the home was not deleted") }
                try? FileManager.default.removeItem(atPath: "\(course.root.path)")
                try? FileManager.default.removeItem(atPath: Bundle.main.bundlePath)
        """ }
        let root = graded.course.root.path
        #expect(graded.hostile.failure?.kind == .wrongValue, "\(graded.hostile.failure?.message ?? "")")
        #expect(graded.hostile.failure?.message == "expected 14, got 7")
        Self.expectIntact(graded)
        #expect(FileManager.default.fileExists(atPath: root + "/grader.yml"))
        #expect(FileManager.default.fileExists(atPath: root + "/Exercises/00-fixtures/01-counter/Reference/Solution.swift"))
    }

    @Test func referencesOtherFilesAndTheHostsLayoutAreOutOfReach() throws {
        // The attack looks for the course's files and the grader's (other students' builds) at
        // their host paths, and for those paths in what the sandbox and its own binary show.
        // The paths travel reversed, so that the binary holds them only if the build put them there.
        func reversed(_ text: String) -> String { String(text.reversed()) }
        let work = GradingHarness.workDirectory.path
        // The grader's own sources, which the prebuilt runtime's debug information would name.
        let package = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent().path
        let graded = try Self.grade { course in
            let root = course.root.path
            return """
                func path(_ reversed: String) -> String { String(reversed.reversed()) }
                var leaks: [String] = []
                for reversed in ["\(reversed(root + "/Exercises/00-fixtures/01-counter/Reference/Solution.swift"))", "\(reversed(root + "/grader.yml"))", "\(reversed(work))"] {
                    if FileManager.default.fileExists(atPath: path(reversed)) { leaks.append("can see " + path(reversed)) }
                }
                if #filePath != "Exercises/00-fixtures/01-counter/Solution.swift" { leaks.append("#filePath is " + #filePath) }
                let binary = (try? Data(contentsOf: URL(fileURLWithPath: Bundle.main.executablePath!))).map { String(decoding: $0, as: UTF8.self) } ?? ""
                var shown = ["#filePath": #filePath, "#file": #file, "the binary": binary]
                for file in ["/proc/self/mountinfo", "/proc/1/cmdline", "/proc/self/environ", "/proc/self/cgroup"] {
                    shown[file] = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
                }
                for (name, text) in shown {
                    for reversed in ["\(reversed(root))", "\(reversed(work))", "/redarg./", "\(reversed(package + "/"))"] where text.contains(path(reversed)) {
                        leaks.append(path(reversed) + " in " + name)
                    }
                }
                if !leaks.isEmpty { fatalError(leaks.joined(separator: "; ")) }
        """
        }
        #expect(graded.hostile.status == .passed, "\(graded.hostile.failure?.message ?? "")")
        Self.expectIntact(graded)
    }

    @Test func theNetworkIsOutOfReach() throws {
        // A server listening on the host's loopback; the attack tries to connect to it.
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(server) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try #require(withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(server, $0, length) } } == 0)
        try #require(listen(server, 4) == 0)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(server, $0, &length) } }
        let port = UInt16(bigEndian: address.sin_port)
        let graded = try Self.grade("""
                let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = UInt16(\(port)).bigEndian
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                let connected = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
                if connected == 0 { fatalError("reached the host's port \(port)") }
        """)
        #expect(graded.hostile.status == .passed, "\(graded.hostile.failure?.message ?? "")")
        Self.expectIntact(graded)
    }

    @Test func noNamespaceCanBeMadeInsideTheSandbox() throws {
        // A user namespace of its own would let the app mount: for example, bind its container
        // under another path, where the launch server's watch of its changes would not see it.
        let graded = try Self.grade("""
                typealias Unshare = @convention(c) (Int32) -> Int32
                let unshareCall = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "unshare")!, to: Unshare.self)
                if unshareCall(0x1000_0000) == 0 { fatalError("made a user namespace inside the sandbox") } // CLONE_NEWUSER
        """)
        #expect(graded.hostile.status == .passed, "\(graded.hostile.failure?.message ?? "")")
        Self.expectIntact(graded)
    }
}
