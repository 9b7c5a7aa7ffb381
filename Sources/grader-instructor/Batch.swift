import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore
import GraderInstructor

struct Batch: GraderSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Grade a whole class's submissions against this course (for instructors).",
        discussion: """
            A submission is a folder (a student's course copy, or exercise folders in the course layout), \
            a .zip or .tar.gz archive, or a Moodle or Canvas "download all submissions" folder (Docs/batch.md). \
            Only each exercise's learner files are taken; cases, drivers and references come from this course. \
            Finished students are kept in DIR/journal.sqlite: run the same command again after an interruption \
            and only the others are graded. Writes DIR/report.json, DIR/gradebook.csv, feedback/ in Markdown and \
            HTML, junit.xml, gradescope/, exercism/ and summary.html (Docs/batch-formats.md). \
            The feedback names the known bug (a mutant in the course's Mutants/) whose failures a student's \
            exercise shares, with its hint; --no-known-bugs skips grading the mutants. \
            With --shard K/N, grades every N-th student (by identifier, from the K-th) into DIR/shard-K-of-N/.
            Exit status: 0 when the batch was graded, 2 when the grader could not run.
            """)

    @OptionGroup var options: CourseOptions

    @Argument(help: "Submissions: folders, .zip or .tar.gz files, or LMS download folders.")
    var submissions: [String]

    @Option(help: ArgumentHelp("The output folder (journal, students' folders, report.json, gradebook.csv, the other formats).", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("A CSV file with the columns id,name (more columns are ignored).", valueName: "csv"))
    var roster: String?

    @Option(name: [.short, .long], help: "Builds and cases to run at once, over all students; by default twice the number of cores.")
    var jobs: Int = GraderOptions.defaultJobs

    @Flag(help: "Grade every student again, even those the journal has.")
    var force = false

    @Option(help: ArgumentHelp("Grade this student again (repeatable); the others come from the journal.", valueName: "id"))
    var student: [String] = []

    @Option(help: ArgumentHelp("Seconds one student's grading may take; cases not started by then count as failed.", valueName: "seconds"))
    var timeBudget: Double?

    @Option(help: ArgumentHelp("Grade only shard K of N (counted from 0), into DIR/shard-K-of-N/; `grader merge` combines the shards (Docs/batch.md).", valueName: "K/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Grade only this exercise or lesson (id, short name or lesson number; repeatable), for an assignment of part of the course. Default: every exercise.", valueName: "name"))
    var exercise: [String] = []

    @Flag(name: .customLong("no-known-bugs"), help: "Do not grade the course's mutants to name, in each feedback, the known bug a student's failures match.")
    var noKnownBugs = false

    @Flag(name: .customLong("no-cache"), help: "Run every case again, reusing no verdict of an earlier run or of another student's identical files (builds are still reused).")
    var noCache = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if let timeBudget, timeBudget <= 0 { throw ValidationError("--time-budget must be more than 0 seconds") }
        if let shard {
            do { _ = try Shard(parsing: shard) } catch { throw ValidationError("\(error)") }
        }
    }

    func perform() throws -> Int32 {
        let workspace = try options.instructorWorkspace(for: "batch") { manifest in
            try .exercises(exercise, in: manifest, currentDirectory: options.currentDirectory)
        }
        for problem in workspace.problems {
            FileHandle.standardError.write(Data("course problem: \(problem)\n".utf8))
        }
        let roster = try self.roster.map { try Roster.load(URL(fileURLWithPath: $0)) }
        let found = try SubmissionFinder(roster: roster)
            .find(submissions, currentDirectory: options.currentDirectory)
        let unknown = student.filter { id in !found.submissions.contains { $0.id == id } }
        if !unknown.isEmpty {
            throw GraderError.io("--student \(unknown.joined(separator: ", ")): no submission has that identifier. The identifiers are: \(found.submissions.map(\.id).joined(separator: ", ")).")
        }
        for line in found.skipped { FileHandle.standardError.write(Data("skipped \(line)\n".utf8)) }
        let shard = try self.shard.map { try Shard(parsing: $0) }
        var output = (out.hasPrefix("/") ? URL(fileURLWithPath: out) : options.currentDirectory.appendingPathComponent(out))
            .standardizedFileURL
        if let shard { output.appendPathComponent(shard.folderName) }
        let batch = workspace.batch(BatchOptions(output: output, jobs: jobs, force: force, regrade: Set(student),
                                                 timeBudget: timeBudget, shard: shard, knownBugs: !noKnownBugs,
                                                 reusesVerdicts: !noCache))
        // A bar with the counts and the time left on a terminal; plain lines, one per finished
        // student, in a log, a CI run or a pipe (ProgressLine).
        let progress = ProgressLine(unit: "students")
        defer { progress.finish() }
        let report = try batch.run(found.submissions, skipped: found.skipped, roster: roster) { event in
            switch event {
            case .planned(let total, let fromJournal):
                let note = fromJournal > 0 ? " (\(fromJournal) already graded in the journal)" : ""
                progress.log("grading \(total - fromJournal) of \(total) students\(note)")
                if total > fromJournal { progress.update(done: 0, total: total - fromJournal) }
            case .finished(let event):
                progress.log(event.line)
                progress.update(done: event.finished, total: event.toGrade, remaining: event.remaining)
            case .matchingKnownBugs(let mutants, let exercises):
                progress.finish()
                progress.log("known bugs: grading \(mutants) mutant\(mutants == 1 ? "" : "s") of the \(exercises) exercise\(exercises == 1 ? "" : "s") students fail")
            case .matchedKnownBugs(let students, let duration, let casesRun, let cases):
                progress.log("known bugs: \(students) student\(students == 1 ? "'s" : "s'") failures match one (\(String(format: "%.1f", duration)) s; \(casesRun) of the mutants' \(cases) cases run, the others could change no match)")
            }
        }
        progress.finish()
        for limit in report.unenforcedLimits ?? [] {
            FileHandle.standardError.write(Data("limit not enforced on this machine: \(limit)\n".utf8))
        }
        let summary = "\(report.summary.students) students, mean \(String(format: "%.2f", report.summary.meanScore))/\(report.summary.points) points. Wrote \(output.path): report.json, gradebook.csv, summary.html, feedback/ and the other formats\n"
        FileHandle.standardOutput.write(Data(summary.utf8))
        return 0
    }
}
