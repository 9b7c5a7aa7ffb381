import Foundation
import GraderCommandLine
import Testing

/// `grader lessons show` and `grader show` page a long text on a terminal, through the reader's
/// pager, and never in a pipe. The pager here is a script that records what it is given.
struct PagerTests {
    static let course = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()

    /// A pager that writes its input to a file, and the file.
    private final class RecordingPager {
        let folder: URL
        let script: URL
        let record: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("pager-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            script = folder.appendingPathComponent("record-pager")
            record = folder.appendingPathComponent("paged.txt")
            try "#!/bin/sh\ncat > '\(record.path)'\n".write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        }

        var paged: String? { try? String(contentsOf: record, encoding: .utf8) }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    private static func withoutEscapes(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    @Test func aLessonTallerThanTheTerminalGoesThroughThePager() throws {
        let pager = try RecordingPager()
        // The terminal's own width wins over COLUMNS.
        let output = try PseudoTerminal.run(["lessons", "show", "1"], in: Self.course, rows: 30, columns: 70,
                                            environment: ["PAGER": pager.script.path, "COLUMNS": "50"])
        #expect(output.status == 0, "\(output.stderr)")
        let paged = try #require(pager.paged, "the pager was not run: \(output.screen)")
        #expect(paged.contains("\u{1B}["), "a terminal gets colours, which the pager passes on")
        let text = Self.withoutEscapes(paged)
        #expect(text.contains("What user defaults are for") && text.contains("grader show car-settings"))
        #expect(!Self.withoutEscapes(output.screen).contains("What user defaults are for"), "the text went to the pager only")
        let prose = text.split(separator: "\n").filter { !$0.hasPrefix("    │") }
        #expect(prose.allSatisfy { $0.count <= 70 }, "\(prose.filter { $0.count > 70 })")
        #expect(prose.contains { $0.count > 50 }, "laid out for the terminal's 70 columns, not COLUMNS")
    }

    @Test func graderPagerIsPreferredToPager() throws {
        let pager = try RecordingPager()
        let output = try PseudoTerminal.run(["lessons", "show", "1"], in: Self.course, rows: 30, columns: 80,
                                            environment: ["GRADER_PAGER": pager.script.path, "PAGER": "false"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(pager.paged.map(Self.withoutEscapes)?.contains("What user defaults are for") == true)
    }

    @Test(arguments: [["--no-pager"], []])
    func aShortTextOrNoPagerPrintsOnTheTerminal(extra: [String]) throws {
        let pager = try RecordingPager()
        // Car settings' statement fits a screen of 200 rows; lesson 1 with --no-pager is printed whole.
        let arguments = extra.isEmpty ? ["show", "car-settings"] : ["lessons", "show", "1"] + extra
        let output = try PseudoTerminal.run(arguments, in: Self.course, rows: extra.isEmpty ? 200 : 30, columns: 80,
                                            environment: ["PAGER": pager.script.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(pager.paged == nil, "no pager: \(arguments)")
        #expect(Self.withoutEscapes(output.screen).contains(extra.isEmpty ? "Check: grader check car-settings" : "What user defaults are for"))
    }

    /// `recorder` stands for the recording pager's path.
    @Test(arguments: [["PAGER": "cat"], ["GRADER_PAGER": "cat", "PAGER": "recorder"], ["TERM": "dumb", "PAGER": "recorder"]])
    func pagerCatAndADumbTerminalPrintOnTheTerminal(environment: [String: String]) throws {
        let pager = try RecordingPager()
        let output = try PseudoTerminal.run(["lessons", "show", "1"], in: Self.course, rows: 30, columns: 80,
                                            environment: environment.mapValues { $0 == "recorder" ? pager.script.path : $0 })
        #expect(output.status == 0, "\(output.stderr)")
        #expect(pager.paged == nil)
        #expect(Self.withoutEscapes(output.screen).contains("What user defaults are for"))
    }

    @Test func aPagerThatCannotRunLeavesTheTextPrinted() throws {
        let output = try PseudoTerminal.run(["lessons", "show", "1"], in: Self.course, rows: 30, columns: 80,
                                            environment: ["PAGER": "/nonexistent/pager"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Self.withoutEscapes(output.screen).contains("What user defaults are for"))
        #expect(output.screen.contains("could not run") || output.stderr.contains("could not run"))
    }

    @Test func aPipeNeverGetsThePager() throws {
        let pager = try RecordingPager()
        for arguments in [["lessons", "show", "1"], ["show", "car-settings"]] {
            let output = try GraderProcess.run(arguments, in: Self.course, environment: ["PAGER": pager.script.path, "GRADER_PAGER": pager.script.path])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(!output.stdout.contains("\u{1B}["), "no colours in a pipe")
            #expect(output.stdout.contains("grader"))
        }
        #expect(pager.paged == nil)
    }

    @Test func theDefaultPagerIsLessWhereItExists() {
        let withLess = Pager.command(environment: ["PATH": "/usr/bin:/bin"])
        let hasLess = FileManager.default.isExecutableFile(atPath: "/usr/bin/less") || FileManager.default.isExecutableFile(atPath: "/bin/less")
        #expect(withLess == (hasLess ? "less -R -F -X" : nil))
        #expect(Pager.command(environment: ["PATH": "/nonexistent"]) == nil)
        #expect(Pager.command(environment: ["PAGER": "more", "GRADER_PAGER": "most"]) == "most")
        #expect(Pager.command(environment: ["PAGER": ""]) == nil)
        #expect(Pager.command(environment: ["PAGER": "cat"]) == nil)
    }
}
