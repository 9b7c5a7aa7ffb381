import Foundation
import Testing
@testable import GraderCore

/// `kill_at: changes`: the app is killed just before each change its call makes to files, so a
/// torn state between two operations is found every time, with a file of any size.
@Suite(.serialized)
struct FileChangeKillTests {
    /// The documents fixture, whose crash case "a save killed at each change" kills a small
    /// save at each change, with `saveBig` replaced.
    private func documents(saveBig: String?) throws -> (TemporaryCourse, Workspace, Exercise) {
        let folder = "Exercises/00-fixtures/03-documents"
        let course = try TemporaryCourse.fixture()
        var code = try String(contentsOf: course.root.appendingPathComponent("\(folder)/Reference/Solution.swift"), encoding: .utf8)
        if let saveBig { code = code.replacingOccurrences(of: "try data.write(to: bigURL, options: .atomic)", with: saveBig) }
        try course.write("\(folder)/Solution.swift", code)
        let workspace = try GradingHarness.workspace(course)
        return (course, workspace, try requireExercise("documents", in: workspace))
    }

    private func caseResult(_ saveBig: String?) throws -> CaseResult {
        let (course, workspace, exercise) = try documents(saveBig: saveBig)
        return try withExtendedLifetime(course) {
            let result = try workspace.grader(.check(jobs: 2, noCache: true)).grade([exercise])[0]
            return try #require(result.cases.first { $0.name.hasPrefix("a save killed at each change") })
        }
    }

    @Test func anAtomicSavePassesEveryKillPoint() throws {
        let result = try caseResult(nil)
        #expect(result.status == .passed, "\(String(describing: result.failure))")
    }

    @Test func aSaveInPlaceIsCaughtEveryTimeBetweenItsTwoChanges() throws {
        // Truncating the file, then writing it: killed between the two, the file is empty.
        let result = try caseResult("try data.write(to: bigURL)")
        #expect(result.status == .failed)
        #expect(result.failure?.message.hasPrefix("the result is none of the 2 values allowed here") == true)
        #expect(result.variation?.detail?.hasPrefix("killed just before change 2 of the 2 that saveBig makes") == true)
    }

    @Test func removingThenWritingIsCaughtInTheGap() throws {
        // The remove-then-write mistake: between the two, there is no file at all.
        let result = try caseResult("try? FileManager.default.removeItem(at: bigURL); try data.write(to: bigURL)")
        #expect(result.status == .failed)
        #expect(result.failure?.actual?.contains("missing") == true)
    }

    // Hostile saves: each writes the file in place (torn between its truncation and its write)
    // in a way a counter inside the app's process would not see. The changes are watched from
    // the launch server, outside the app, so each is caught as the plain in-place save is.

    @Test func aSaveWrittenWithRawSystemCallsIsCaught() throws {
        // No C library function to intercept: `syscall` itself.
        let result = try caseResult(#"""
            typealias Raw = @convention(c) (Int, Int, UnsafeRawPointer?, Int) -> Int
            let raw = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syscall")!, to: Raw.self)
            let fd = open(Documents.bigURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            #if arch(x86_64)
            let writeCall = 1
            #else
            let writeCall = 64
            #endif
            data.withUnsafeBytes { _ = raw(writeCall, Int(fd), $0.baseAddress, $0.count) }
            close(fd)
            """#)
        #expect(result.status == .failed)
        #expect(result.variation?.detail?.hasPrefix("killed just before change 2 of the 2 that saveBig makes") == true,
                "\(String(describing: result.variation))")
    }

    @Test func aSaveThatDisarmsACounterInItsOwnProcessIsCaught() throws {
        // What a preloaded counter offered the app: a function that disarms it.
        let result = try caseResult(#"""
            if let arm = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "grader_fileops_arm") {
                unsafeBitCast(arm, to: (@convention(c) (Int) -> Void).self)(0)
            }
            try data.write(to: Documents.bigURL)
            """#)
        #expect(result.status == .failed)
        #expect(result.failure?.message.hasPrefix("the result is none of the 2 values allowed here") == true)
    }

    @Test func aSaveMadeByAChildProcessWithAnEmptyEnvironmentIsCaught() throws {
        // A shell started with no environment (no preloaded library) writes the file in place.
        let result = try caseResult(#"""
            let staged = URL(fileURLWithPath: "/tmp/staged")
            try data.write(to: staged)
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "cat /tmp/staged > \"$0\"", Documents.bigURL.path]
            shell.environment = [:]
            try shell.run()
            shell.waitUntilExit()
            """#)
        #expect(result.status == .failed)
        #expect(result.failure?.message.hasPrefix("the result is none of the 2 values allowed here") == true,
                "\(String(describing: result.failure))")
    }

    @Test func killPointsCoverEveryChangeUpToTheCap() {
        #expect(CrashCaseRunner.killPoints(changes: 3, cap: 20) == [1, 2, 3, 4])
        #expect(CrashCaseRunner.killPoints(changes: 0, cap: 20) == [1])
        let capped = CrashCaseRunner.killPoints(changes: 99, cap: 10)
        #expect(capped.count == 10 && capped.first == 1 && capped.last == 100)
    }
}
