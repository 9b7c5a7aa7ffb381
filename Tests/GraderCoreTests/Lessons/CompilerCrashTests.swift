import Foundation
import Testing
@testable import GraderCore

/// A compiler that crashes or never finishes on a lesson's program (a huge block does that) is
/// reported at a line of the lesson, not as a failure of the whole file. The compiler is a
/// stand-in script that ends as swiftc does when it crashes; the real one needs minutes of a
/// huge block to fail.
@Suite(.serialized)
struct CompilerCrashTests {
    /// A lesson with a shared program whose third block, the longest, holds the marker.
    static let lesson = """
        # Lesson

        ```swift
        let greeting = "Hello"
        print(greeting)
        // Prints "Hello"
        ```

        Then:

        ```swift
        var total = 0
        total += 1
        crashTheCompiler()
        total += 2
        print(total)
        // Prints "3"
        ```

        ```swift
        print("end")
        ```
        """

    /// The lesson checked with `script` (a shell script's body) as the compiler.
    private func check(compiler script: String, timeLimit: Double = 180) throws -> LessonResult {
        let course = try TemporaryCourse.fixture()
        try course.write("Lessons/00-fixtures.md", Self.lesson)
        let workspace = try GradingHarness.workspace(course)
        let compiler = course.root.appendingPathComponent("fake-swiftc")
        try course.write("fake-swiftc", "#!/bin/sh\n" + script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: compiler.path)
        var toolchain = workspace.workbench.engine.toolchain
        toolchain.swiftc = compiler
        let engine = BuildEngine(toolchain: toolchain, workDirectory: workspace.workDirectory.appendingPathComponent("fake-\(UUID())"),
                                 courseRoot: course.root)
        engine.compileTimeLimit = timeLimit
        let workbench = Workbench(engine: engine, launcher: workspace.workbench.launcher, workDirectory: workspace.workDirectory)
        let document = try LessonDocument(url: course.root.appendingPathComponent("Lessons/00-fixtures.md"),
                                          displayPath: "Lessons/00-fixtures.md")
        return try LessonChecker(course: workspace.course, workbench: workbench).check(document)
    }

    private static let markerLine = lesson.components(separatedBy: "\n").firstIndex { $0.contains("crashTheCompiler") }! + 1

    @Test func aCrashIsReportedAtTheStatementItsStackDumpNames() throws {
        // As swift-frontend does: a stack dump naming the statement in main.swift, then SIGSEGV.
        let result = try check(compiler: """
            for argument; do case "$argument" in *main.swift) main="$argument";; esac; done
            line=$(grep -n crashTheCompiler "$main" | head -1 | cut -d: -f1)
            echo "Stack dump:" >&2
            printf '0.\\tProgram arguments: swift-frontend -frontend -c %s\\n' "$main" >&2
            printf '1.\\tSwift version 6.3.1 (swift-6.3.1-RELEASE)\\n' >&2
            printf '2.\\tWhile type-checking statement at [%s:%s:1 - line:%s:18] RangeText="crashTheCompiler()"\\n' "$main" "$line" "$line" >&2
            printf ' #0 0x000055 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int)\\n' >&2
            kill -SEGV $$
            """)
        let failure = try #require(result.failures.first)
        // Before: no line at all.
        #expect(failure.line == Self.markerLine, "\(failure)")
        #expect(failure.file == "Lessons/00-fixtures.md")
        #expect(failure.message.contains("the compiler crashed (signal 11)"))
        #expect(failure.message.contains("While type-checking statement"))
    }

    @Test func aCrashThatNamesNoPlaceIsReportedAtTheLongestBlock() throws {
        let result = try check(compiler: """
            printf 'Stack dump:\\n3.\\tWhile evaluating request ASTLoweringRequest(Lowering AST to SIL for file "main.swift")\\n' >&2
            kill -SEGV $$
            """)
        let failure = try #require(result.failures.first)
        #expect(failure.line == Self.markerLine - 2, "the first code line of the longest block")
        #expect(failure.message.contains("ASTLoweringRequest"))
    }

    @Test func aCompilerThatNeverFinishesIsReportedAtTheLongestBlock() throws {
        let result = try check(compiler: "exec sleep 30\n", timeLimit: 1)
        let failure = try #require(result.failures.first)
        #expect(failure.line == Self.markerLine - 2)
        #expect(failure.message.contains("did not finish within 1 s"))
    }
}
