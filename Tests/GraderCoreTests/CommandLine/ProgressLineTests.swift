import Foundation
import GraderCommandLine
import Testing

/// The progress of `grader batch`: a bar redrawn in place on a terminal, plain lines elsewhere.
@Suite(.serialized) struct ProgressLineTests {
    @Test func theBarFitsItsWidthAndSaysWhatIsLeft() {
        let half = ProgressLine.render(done: 3, total: 6, unit: "students", elapsed: 75, left: 130, width: 80)
        let filled = half.filter { $0 == "█" }.count
        let empty = half.filter { $0 == "░" }.count
        #expect(filled > 0 && abs(filled - empty) <= 1, "half full: \(half)")
        #expect(half.hasPrefix(String(repeating: "█", count: filled) + String(repeating: "░", count: empty) + " "))
        #expect(half.hasSuffix(" 3/6 students · 1 min 15 s · about 2 min 10 s left"))
        #expect(half.count <= 80)

        let done = ProgressLine.render(done: 6, total: 6, unit: "students", elapsed: 3700, left: 0, width: 80)
        #expect(done.hasPrefix(String(repeating: "█", count: 30) + " 6/6"), "full at the end")
        #expect(!done.contains("left") && done.hasSuffix("1 h 1 min"))

        for width in [20, 30, 40, 50] {
            let narrow = ProgressLine.render(done: 1, total: 30, unit: "students", elapsed: 5, left: 600, width: width)
            #expect(narrow.count < width, "\(width) columns: \(narrow)")
            #expect(narrow.contains("1/30"), "the counts survive a narrow terminal: \(narrow)")
        }
    }

    /// Grades two students with the real grader, its standard error a pipe or a pseudo-terminal
    /// (`script`, util-linux), and returns everything it wrote there.
    private func batchOutput(onTerminal: Bool, environment: [String: String]) throws -> (status: Int32, text: String) {
        let course = try TemporaryCourse.fixture()
        let fixture = try FixtureClass()
        let passes = try Fixtures.submission("passes")
        for id in ["ana", "ben"] {
            try fixture.folder("class/\(id)", ["01-counter/Solution.swift": passes + "\n// \(id)\n"])
        }
        let arguments = ["batch", fixture.url("class/ana").path, fixture.url("class/ben").path, "--out", fixture.url("out").path]
        var base = ProcessInfo.processInfo.environment
        base["CI"] = nil
        base["NO_COLOR"] = nil
        base["TERM"] = "xterm"
        let process = Process()
        if onTerminal {
            let command = ([GraderProcess.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qfec", command, "/dev/null"]
        } else {
            process.executableURL = GraderProcess.executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = course.root
        process.environment = base.merging(environment) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func aTerminalGetsABarRedrawnInPlaceThatIsGoneAtTheEnd() throws {
        let (status, text) = try batchOutput(onTerminal: true, environment: [:])
        #expect(status == 0, "\(text)")
        #expect(text.contains("\r\u{1B}[K"), "redrawn in place")
        #expect(text.contains("█") && text.contains("2/2 students"), "\(text)")
        #expect(text.contains("[1/2] ") && text.contains("[2/2] "), "each student's line stays")
        // The last drawing is cleared before the summary, so no bar is left on the screen.
        let summary = try #require(text.range(of: "2 students, mean"))
        let before = text[..<summary.lowerBound]
        #expect(before.hasSuffix("\r\u{1B}[K"), "the bar is cleared before the summary: \(before.suffix(120).debugDescription)")
    }

    @Test(arguments: [["CI": "true"], ["NO_COLOR": "1"], ["TERM": "dumb"]])
    func ciNoColorAndDumbTerminalsGetPlainLines(environment: [String: String]) throws {
        let (status, text) = try batchOutput(onTerminal: true, environment: environment)
        #expect(status == 0, "\(text)")
        #expect(!text.contains("\u{1B}") && !text.contains("█"), "\(environment): \(text.debugDescription)")
        #expect(text.contains("[1/2] ") && text.contains("[2/2] "))
    }

    @Test func aPipeGetsPlainLines() throws {
        let (status, text) = try batchOutput(onTerminal: false, environment: [:])
        #expect(status == 0, "\(text)")
        #expect(!text.contains("\u{1B}") && !text.contains("\r") && !text.contains("█"), "\(text.debugDescription)")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "grading 2 of 2 students")
        #expect(lines.filter { $0.hasPrefix("[") }.count == 2)
    }
}
