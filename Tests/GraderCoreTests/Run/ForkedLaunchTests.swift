import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// Launches forked from a waiting binary (``AppServer``) against the same launches exec'd:
/// what a fork could share with the launch before it and an exec would not.
@Suite(.serialized)
struct ForkedLaunchTests {
    /// Runs the fixture counter, its `report()` replaced by `report`, through a case of
    /// `report`, relaunch, `report`, relaunch, `report`; the three outputs.
    static func reports(_ report: String, launch: LaunchMode) throws -> [String] {
        let course = try TemporaryCourse.fixture()
        let passes = try Fixtures.submission("passes")
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", passes.replacingOccurrences(
            of: "print(\"count is \\(value())\")", with: report))
        let workspace = try GradingHarness.workspace(course, launch: launch)
        let counter = try requireExercise("counter", in: workspace)
        guard case .built(let bundle) = try workspace.workbench.engine.build(exercise: counter, sources: counter.learnerSources) else {
            Issue.record("the counter does not build")
            return []
        }
        var testCase = try #require(counter.cases.first { $0.name == "prints a report" })
        let step = try #require(testCase.steps.first)
        testCase.steps = [step, .relaunch, step, .relaunch, step]
        let run = try workspace.workbench.caseLauncher.run(testCase, bundle: bundle, exercise: counter)
        return [0, 2, 4].map { run.steps[$0].stdout }
    }

    /// The fixture course's counter with its reference built, in a workspace of its own.
    static func builtCounterReference() throws -> (Workspace, Exercise, AppBundle) {
        let course = try TemporaryCourse.fixture()
        let workspace = try GradingHarness.workspace(course)
        let counter = try requireExercise("counter", in: workspace)
        guard case .built(let bundle) = try workspace.workbench.engine.build(exercise: counter, sources: counter.referenceSources) else {
            throw GraderError.io("the counter's reference does not build")
        }
        return (workspace, counter, bundle)
    }

    /// Kills `server`'s waiting binary from outside, as the kernel's memory killer would, and
    /// waits until bubblewrap has reaped it (its PID namespace, and any launch, go with it).
    static func killWaitingBinary(of server: AppServer) throws {
        // The waiting binary is bubblewrap's child; a running launch is the binary's.
        let children = Set(ProcessorWait.tree(below: server.observedPID, depth: 1))
            .subtracting(ProcessorWait.tree(below: server.observedPID, depth: 2))
        try #require(children.count == 1, "\(children)")
        let binary = children.first!
        kill(binary, SIGKILL)
        let deadline = Date().addingTimeInterval(5)
        while kill(binary, 0) == 0, Date() < deadline { usleep(10_000) }
    }

    @Test(arguments: LaunchMode.allCases)
    func eachLaunchHasItsOwnHashingSeed(launch: LaunchMode) throws {
        // The order of a Set or a Dictionary comes from the seed: an app that relies on it
        // across relaunches must meet a new one each time, as on a phone.
        let reports = try Self.reports("var hasher = Hasher(); hasher.combine(42); print(hasher.finalize())", launch: launch)
        #expect(reports.count == 3 && Set(reports).count == 3, "\(reports)")
        #expect(reports.allSatisfy { Int($0.trimmingCharacters(in: .newlines)) != nil }, "\(reports)")
    }

    @Test func aLaunchMeetsTheSameOrdersOnEveryRunForkedOrExecd() throws {
        // A Set's order in each of a case's three launches: another in each launch, and the same
        // three in a second run and with launches exec'd, so that a bug that depends on it gets
        // one verdict. Twelve elements: the chance that two seeds give one order is negligible.
        let report = #"print(Set("abcdefghijkl".map(String.init)).joined(), ["x": 1, "y": 2, "z": 3].map(\.key).joined())"#
        let forked = try Self.reports(report, launch: .fork)
        #expect(forked.count == 3 && Set(forked).count == 3, "each launch its own order: \(forked)")
        #expect(try Self.reports(report, launch: .fork) == forked, "a second run")
        #expect(try Self.reports(report, launch: .exec) == forked, "exec'd launches")
    }

    @Test func aLaunchListsAFolderInAnOrderOfItsOwnTheSameOnEveryRunForkedOrExecd() throws {
        // Twelve files made in alphabetical order, listed unsorted every way Foundation lists a
        // folder (readdir, fts) and through the C library: the file system would give one order
        // (the order of creation on some, a hash seeded by the disk on others); each launch meets
        // its own, and the same three in a second run and with launches exec'd. The three
        // listings within one launch agree with each other.
        let report = #"""
            let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent("listed")
            if !FileManager.default.fileExists(atPath: folder.path) {
                try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for name in "abcdefghijkl".map(String.init) {
                    _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: nil)
                }
            }
            let byPath = try! FileManager.default.contentsOfDirectory(atPath: folder.path).joined()
            let byURL = try! FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).map(\.lastPathComponent).joined()
            let enumerated = (FileManager.default.enumerator(atPath: folder.path)!.allObjects as! [String]).joined()
            var byC = ""
            if let stream = opendir(folder.path) {
                while let entry = readdir(stream) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                    if name != "." && name != ".." { byC += name }
                }
                closedir(stream)
            }
            print(byPath, byURL, enumerated, byC)
            """#
        let forked = try Self.reports(report, launch: .fork)
        #expect(forked.count == 3 && Set(forked).count == 3, "each launch its own order: \(forked)")
        for listing in forked {
            let ways = listing.trimmingCharacters(in: .newlines).split(separator: " ")
            #expect(ways.count == 4 && Set(ways).count == 1 && ways[0].count == 12, "one order in a launch: \(listing)")
        }
        #expect(!forked.contains { $0.hasPrefix("abcdefghijkl ") }, "not the order of creation: \(forked)")
        #expect(try Self.reports(report, launch: .fork) == forked, "a second run")
        #expect(try Self.reports(report, launch: .exec) == forked, "exec'd launches")
    }

    @Test(arguments: LaunchMode.allCases)
    func eachLaunchHasAFreshEnvironmentAndNoDescriptorOfAnotherLaunch(launch: LaunchMode) throws {
        let reports = try Self.reports(#"""
            // Set by the previous launch, or by the grader for the waiting binary alone.
            let variable = ["COUNTER_MARK", "EXERCISEKIT_LAUNCH_SERVER_FD", "LD_BIND_NOW"]
                .compactMap { name in getenv(name).map { name + "=" + String(cString: $0) } }.first ?? "unset"
            setenv("COUNTER_MARK", "set", 1)
            let open = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).sorted()
            print("launch", variable, open.joined(separator: ","))
            """#, launch: launch)
        #expect(reports.count == 3, "\(reports)")
        // Nothing but standard input, output and error and the two protocol pipes (and the
        // folder being listed).
        for report in reports {
            let fields = report.trimmingCharacters(in: .newlines).split(separator: " ")
            #expect(fields.count == 3 && fields[1] == "unset", "\(report)")
            #expect(fields.count == 3 && fields[2].split(separator: ",").count <= 6, "\(report)")
        }
    }

    @Test(arguments: LaunchMode.allCases)
    func caseRunsOfOneBinaryAndPhoneShareAServerEachOnAnEmptyContainer(launch: LaunchMode) throws {
        // Runs of "increment by 5, relaunch (which saves), report": a container that kept the
        // count of the run before would report 10, a launch on another phone's server another
        // zone or language.
        let course = try TemporaryCourse.fixture()
        let passes = try Fixtures.submission("passes")
        try course.write("Exercises/00-fixtures/01-counter/Solution.swift", passes.replacingOccurrences(
            of: "print(\"count is \\(value())\")",
            with: #"print(TimeZone.current.identifier, String(cString: getenv("LANG")), { let f = DateFormatter(); f.locale = Locale(identifier: "en_US_POSIX"); f.dateFormat = "HH:mm"; return f.string(from: Date(timeIntervalSince1970: 0)) }(), value())"#))
        let workspace = try GradingHarness.workspace(course, launch: launch)
        let counter = try requireExercise("counter", in: workspace)
        guard case .built(let bundle) = try workspace.workbench.engine.build(exercise: counter, sources: counter.learnerSources) else {
            Issue.record("the counter does not build")
            return
        }
        let increment = try #require(counter.cases.first { $0.name == "survives a relaunch" }?.steps.first)
        var testCase = try #require(counter.cases.first { $0.name == "prints a report" })
        let report = try #require(testCase.steps.first)
        testCase.steps = [increment, .relaunch, report]
        let marquesas = PhoneEnvironment(timeZone: "Pacific/Marquesas", locale: "de_DE.UTF-8")
        let kolkata = PhoneEnvironment(timeZone: "Asia/Kolkata", locale: "es_ES.UTF-8")
        let marquesasInFrench = PhoneEnvironment(timeZone: "Pacific/Marquesas", locale: "fr_FR.UTF-8")
        let kolkataInPortuguese = PhoneEnvironment(timeZone: "Asia/Kolkata", locale: "pt_BR.UTF-8")
        // A server per time zone: its launches inherit the zone from it, and read it as an exec'd
        // process would (Foundation's zone and a formatter's default zone). Not one server
        // sending each launch its zone: a DateFormatter keeps the zone its process started
        // with, whatever TZ, tzset() and Foundation's and ICU's resets say after a fork. The
        // language comes with each launch, so phones of one zone share a server.
        let phones = [marquesas, kolkata, marquesasInFrench, .neutral, kolkataInPortuguese]
        for phone in phones {
            testCase.environment = phone
            let run = try workspace.workbench.caseLauncher.run(testCase, bundle: bundle, exercise: counter)
            // Foundation names UTC "GMT".
            let zone = try #require(TimeZone(identifier: phone.timeZone))
            let formatter = DateFormatter()
            formatter.timeZone = zone
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "HH:mm"
            let time = formatter.string(from: Date(timeIntervalSince1970: 0))
            #expect(run.steps.count == 3 && run.steps[2].stdout == "\(zone.identifier) \(phone.locale) \(time) 5\n",
                    "\(phone): \(run.steps.map(\.stdout))")
        }
        let servers = workspace.workbench.servers
        if launch == .fork {
            #expect(servers.started == 3 && servers.reused == 2, "started \(servers.started), reused \(servers.reused)")
        } else {
            #expect(servers.started == 0)
        }
    }

    @Test func aServerThatEndedWhileItWaitedIsReplacedForTheNextCaseRun() throws {
        // The kernel's memory killer may pick a waiting binary between two case runs: the next
        // run gets a new server instead of an error.
        let (workspace, counter, bundle) = try Self.builtCounterReference()
        let testCase = try #require(counter.cases.first { $0.name == "survives a relaunch" })
        let servers = workspace.workbench.servers
        let first = try workspace.workbench.caseLauncher.run(testCase, bundle: bundle, exercise: counter)
        #expect(first.steps.last?.event == .replied(.value(.int(5))), "\(first.steps.map(\.event))")
        let waiting = try #require(servers.waiting.first)
        try #require(servers.waiting.count == 1)
        try Self.killWaitingBinary(of: waiting)
        let second = try workspace.workbench.caseLauncher.run(testCase, bundle: bundle, exercise: counter)
        #expect(second.steps.last?.event == .replied(.value(.int(5))), "\(second.steps.map(\.event))")
        #expect(servers.started == 2 && servers.reused == 1, "started \(servers.started), reused \(servers.reused)")
    }

    @Test func aServerKilledFromOutsideEndsItsLaunchAndTakesNoMore() throws {
        // What the grader sees when the waiting binary dies (the kernel's memory killer could
        // pick it): the running launch ends, the server says it is gone (CaseLauncher then
        // starts another), and a launch asked of it is an error, not a hang.
        let (workspace, counter, bundle) = try Self.builtCounterReference()
        let container = try AppContainer.create(in: workspace.workDirectory)
        defer { container.remove() }
        let launcher = workspace.workbench.launcher
        let server = try launcher.server(bundle, on: container, limits: counter.limits, defaultsSuites: [],
                                         environment: .neutral, countsFileChanges: false)
        defer { server.end() }
        let session = AppSession(launch: try AppLauncher.Launch(forkedBy: server), launcher: launcher,
                                 container: container, limits: counter.limits)
        #expect(session.call("increment", arguments: .object(["by": .int(2)])).event == .replied(.value(.int(2))))
        try Self.killWaitingBinary(of: server)
        let after = session.call("value", arguments: nil)
        #expect(after.event != .replied(.value(.int(2))), "\(after.event)")
        #expect(session.isGone)
        #expect(server.isGone)
        #expect(throws: GraderError.self) { _ = try AppLauncher.Launch(forkedBy: server) }
    }

    @Test func aVerdictCachedOneWayIsNotReusedTheOther() throws {
        // `check --launch exec` after a check must run exec'd launches, not show the fork's verdicts.
        let course = try TemporaryCourse.fixture()
        func cachedCases(_ launch: LaunchMode) throws -> Int {
            let workspace = try GradingHarness.workspace(course, launch: launch)
            let counter = try requireExercise("counter", in: workspace)
            return try workspace.grader(.check(jobs: 2)).grade([counter])[0].cases.filter(\.cached).count
        }
        _ = try cachedCases(.fork)
        #expect(try cachedCases(.fork) > 0, "the same way reuses its verdicts")
        #expect(try cachedCases(.exec) == 0)
        #expect(try cachedCases(.exec) > 0)
    }
}
