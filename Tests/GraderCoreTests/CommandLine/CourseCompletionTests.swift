import Foundation
import Testing

/// Shell completion of exercise and lesson names, through the real `grader`: the scripts that
/// `--generate-completion-script` writes call `grader ---completion <subcommand> -- <argument>
/// <word index> <cursor> <words…>` (swift-argument-parser's protocol), which answers from the
/// manifest of the course in the current folder.
@Suite(.serialized) struct CourseCompletionTests {
    /// What the shell gets for `grader <words…>`, the last word being completed.
    private func complete(_ subcommands: [String], _ words: [String], in directory: URL) throws -> (status: Int32, names: [String]) {
        let last = words.last ?? ""
        let output = try GraderProcess.run(["---completion"] + subcommands + ["--", "positional@0", String(subcommands.count + words.count), String(last.count), "grader"] + subcommands + words,
                                           in: directory)
        return (output.status, output.stdout.split(separator: "\n").map(String.init))
    }

    @Test func theExerciseArgumentsCompleteWithTheCoursesNames() throws {
        let course = try TemporaryCourse.fixture()
        let check = try complete(["check"], [""], in: course.root)
        #expect(check.status == 0)
        #expect(Set(["counter", "documents", "ledger", "00-fixtures/01-counter", "00-fixtures", "0"]).isSubset(of: Set(check.names)),
                "\(check.names)")
        let show = try complete(["show"], ["co"], in: course.root.appendingPathComponent("Exercises"))
        #expect(show.names == ["counter"], "only what starts with the word, and no lessons: \(show.names)")
        let hint = try complete(["hint"], ["00-fixtures/0"], in: course.root)
        #expect(hint.names.count == 4 && hint.names.allSatisfy { $0.hasPrefix("00-fixtures/0") }, "\(hint.names)")
        let verify = try complete(["verify"], ["00"], in: course.root)
        #expect(verify.names.contains("00-fixtures") && verify.names.contains("00-fixtures/04-ledger"), "\(verify.names)")
        for command in ["skip", "reset", "solution"] {
            let names = try complete([command], ["le"], in: course.root).names
            #expect(names == ["ledger"], "\(command): \(names)")
        }
        let watch = try complete(["watch"], ["0"], in: course.root)
        #expect(watch.names.contains("0") && watch.names.contains("00-fixtures/01-counter"), "\(watch.names)")
        let lessons = try complete(["lessons", "check"], [""], in: course.root)
        #expect(lessons.names == ["00-fixtures", "0"], "\(lessons.names)")
    }

    @Test func outsideACourseNothingIsCompletedAndNothingIsSaid() throws {
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("no-course-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let output = try GraderProcess.run(["---completion", "check", "--", "positional@0", "2", "0", "grader", "check", ""], in: elsewhere)
        #expect(output.status == 0 && output.stdout.isEmpty && output.stderr.isEmpty, "\(output)")
        // `--course` on the line being completed names the course.
        let course = try TemporaryCourse.fixture()
        let named = try complete(["check"], ["--course", course.root.path, "led"], in: elsewhere)
        #expect(named.names == ["ledger"], "\(named.names)")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func theGeneratedScriptsAskTheGraderForNames(shell: String) throws {
        let course = try TemporaryCourse.fixture()
        let script = try GraderProcess.run(["--generate-completion-script", shell], in: course.root)
        #expect(script.status == 0, "\(script.stderr)")
        #expect(script.stdout.contains("---completion check -- positional@0"), "\(shell)")
        #expect(script.stdout.contains("---completion show -- positional@0"), "\(shell)")
    }

    /// The generated bash script, sourced into a real bash, completes `grader check co` as the
    /// shell does on Tab, with the grader on the PATH.
    @Test func bashCompletesAnExerciseName() throws {
        let bash = try #require(["/bin/bash", "/usr/bin/bash"].first(where: FileManager.default.isExecutableFile))
        let course = try TemporaryCourse.fixture()
        let script = try GraderProcess.run(["--generate-completion-script", "bash"], in: course.root)
        try course.write("completion.bash", script.stdout)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bash)
        process.arguments = ["--norc", "--noprofile", "-c", """
            source completion.bash
            COMP_WORDS=(grader check co); COMP_CWORD=2; COMP_LINE="grader check co"; COMP_POINT=15
            _grader grader co check
            printf '%s\\n' "${COMPREPLY[@]}"
            """]
        process.currentDirectoryURL = course.root
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = GraderProcess.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text == "counter\n", "\(text.debugDescription)")
    }
}
