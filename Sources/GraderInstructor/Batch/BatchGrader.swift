import Foundation
import GraderCore

/// Grades a class: takes each submission's learner files into a folder of the student's own,
/// grades them against the course's cases and references on one work pool, records each
/// finished student in the journal, and writes the outputs.
///
/// Work done once: every reference is built before the first student; reference runs are
/// cached by the grader (in memory for concurrent askers, on disk across batches); builds are
/// cached by content, so identical solutions build once. Students are mapped onto the pool and
/// each student's builds and cases are nested in it, so `jobs` bounds the whole batch and the
/// students started first finish first.
public final class BatchGrader: @unchecked Sendable {
    let grader: Grader
    let exercises: [Exercise]
    let courseTitle: String
    /// What the batch writes into its output folder (``BatchOutputs/standard(course:)``).
    let outputs: [any BatchOutput]
    let options: BatchOptions
    let intake: SubmissionIntake

    init(grader: Grader, exercises: [Exercise], courseTitle: String, options: BatchOptions, outputs: [any BatchOutput]) {
        self.grader = grader
        self.exercises = exercises
        self.courseTitle = courseTitle
        self.options = options
        self.outputs = outputs
        intake = SubmissionIntake(exercises: exercises)
    }

    /// Where a student's files go: `students/<id>/` in the output folder.
    func folder(of id: String) -> URL {
        let safe = String(id.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
        let name = safe == id && !id.hasPrefix(".") ? id : "\(safe)-\(ContentHash.hex(of: id).prefix(8))"
        return options.output.appendingPathComponent("students").appendingPathComponent(name)
    }

    /// Grades `submissions` (those the journal does not already have, as ``BatchOptions`` says)
    /// and writes every output.
    /// - Parameters:
    ///   - skipped: what the search for submissions left out, for the report.
    ///   - roster: names the students who submitted nothing.
    ///   - events: told of the plan and of each finished student, from any thread, one at a time.
    /// - Returns: the report the outputs were written from.
    /// - Throws: ``GraderError`` when the grader cannot work (the output folder, the journal,
    ///   the compiler); a student's broken or hostile submission is that student's result.
    public func run(_ everyone: [Submission], skipped: [String] = [], roster: Roster? = nil,
                    events: @escaping @Sendable (BatchEvent) -> Void = { _ in }) throws -> BatchReport {
        // A shard grades its slice, but reports the roster's missing students as the whole
        // class's batch does, so that merged shards say what one batch says.
        let submissions = options.shard.map { $0.select(everyone) } ?? everyone
        do {
            try FileManager.default.createDirectory(at: options.output, withIntermediateDirectories: true)
        } catch {
            throw GraderError.io("cannot create the output folder \(options.output.path): \(error.localizedDescription)")
        }
        let journal = try BatchJournal(url: options.output.appendingPathComponent("journal.sqlite"))
        let courseHash = try courseFingerprint()
        let known = try journal.entries()

        // Intake is quick (copies, and reads of archives), and its hash tells whether the
        // journal's grading of a student is still the grading of this submission.
        var pending: [(Submission, Result<SubmissionIntake.Intake, SubmissionReader.Problem>)] = []
        var fromJournal: [StudentReport] = []
        for submission in submissions {
            let taken: Result<SubmissionIntake.Intake, SubmissionReader.Problem>
            do {
                taken = .success(try intake.take(submission, into: folder(of: submission.id)))
            } catch let problem as SubmissionReader.Problem {
                taken = .failure(problem)
            }
            let hash = Self.hash(submission, taken)
            if !options.force, !options.regrade.contains(submission.id), let entry = known[submission.id],
               entry.courseHash == courseHash, entry.submissionHash == hash {
                fromJournal.append(entry.report)
            } else {
                pending.append((submission, taken))
            }
        }
        events(.planned(total: submissions.count, fromJournal: fromJournal.count))

        if !pending.isEmpty {
            // Every reference once, before any student: students graded at the same moment
            // would otherwise each compile it.
            _ = grader.pool.map(exercises) { exercise in
                try? self.grader.builder.buildReference(of: exercise)
            }
        }
        let started = Date()
        let lock = NSLock()
        var finished = 0
        let results = grader.pool.map(pending) { submission, taken -> Result<StudentReport, Error> in
            Result {
                let report = try self.grade(submission, taken)
                try journal.record(report, courseHash: courseHash)
                lock.lock()
                finished += 1
                let pace = Date().timeIntervalSince(started) / Double(finished)
                events(.finished(BatchProgress(finished: finished, toGrade: pending.count, report: report,
                                               remaining: pace * Double(pending.count - finished))))
                lock.unlock()
                return report
            }
        }
        var graded: [StudentReport] = []
        for result in results { graded.append(try result.get()) }

        let students = try namingKnownBugs(fromJournal + graded, events: events)
        var report = BatchReport(course: courseTitle, exercises: exercises,
                                 students: Self.markingDuplicates(students, starters: starterHash()),
                                 missing: Self.missing(roster, everyone), skipped: skipped)
        report.unenforcedLimits = grader.unenforcedLimits
        try BatchOutputs.write(report, outputs: outputs, to: options.output)
        if let shard = options.shard {
            try ShardManifest(shard: shard, course: courseTitle, courseHash: courseHash, students: everyone.map(\.id),
                              graded: submissions.map(\.id)).write(in: options.output)
        }
        return report
    }

    /// Grades one student's taken files (or, when their submission could not be read, the starters).
    func grade(_ submission: Submission, _ taken: Result<SubmissionIntake.Intake, SubmissionReader.Problem>) throws -> StudentReport {
        let started = Date()
        let intake: SubmissionIntake.Intake
        var notes: [String] = []
        switch taken {
        case .success(let value):
            intake = value
        case .failure(let problem):
            // The student's result says why; their exercises are graded as the starters.
            notes.append("the submission could not be read: \(problem.description); every exercise is graded as its starter")
            intake = try self.intake.place(SubmissionFiles(), into: folder(of: submission.id).appendingPathComponent("files"))
        }
        notes += intake.notes
        let budget = options.timeBudget.map { TimeBudget(seconds: $0, from: started) }
        let deadline = budget?.deadline
        let jobs = exercises.map { Grader.Job(exercise: $0, variant: .submitted(intake.folders[$0.id]!), budget: budget) }
        let results = try grader.grade(jobs).map { Self.locatingDiagnostics($0, in: exercises) }
        if let deadline, let budget = options.timeBudget, Date() >= deadline {
            // Cases skipped at the deadline have no duration and no failure.
            let skipped = results.flatMap(\.cases).filter { $0.status == .failed && $0.failure == nil && $0.duration == 0 }.count
            if skipped > 0 {
                notes.append("the time budget of \(Int(budget)) s was reached: \(skipped) case\(skipped == 1 ? " was" : "s were") not run and count as failed")
            }
        }
        return StudentReport(id: submission.id, name: submission.name, source: submission.source, exercises: results,
                             notes: notes, submissionHash: Self.hash(submission, taken),
                             gradedAt: ISO8601DateFormatter().string(from: Date()),
                             duration: (Date().timeIntervalSince(started) * 10).rounded() / 10)
    }

    /// The learner files' hash; for a submission that cannot be read, a hash of its bytes, so
    /// that the journal knows it again.
    static func hash(_ submission: Submission, _ taken: Result<SubmissionIntake.Intake, SubmissionReader.Problem>) -> String {
        if case .success(let intake) = taken { return intake.hash }
        return "unreadable-" + ContentHash.hex(of: FileManager.default.contents(atPath: submission.location.path) ?? Data())
    }

    /// Compiler messages name the course's path of the learner file (`Exercises/…/Solution.swift`),
    /// not the student's folder.
    static func locatingDiagnostics(_ result: ExerciseResult, in exercises: [Exercise]) -> ExerciseResult {
        guard let exercise = exercises.first(where: { $0.id == result.id }) else { return result }
        var result = result
        result.diagnostics = result.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if let file = diagnostic.file,
               let name = exercise.learnerFiles.first(where: { file == $0 || file.hasSuffix("/" + $0) }) {
                diagnostic.file = exercise.displayPath + "/" + name
            }
            return diagnostic
        }
        return result
    }

    /// Adds a note to each student whose files are another's (starters aside).
    static func markingDuplicates(_ reports: [StudentReport], starters: String) -> [StudentReport] {
        let groups = Dictionary(grouping: reports.filter { $0.submissionHash != starters }, by: \.submissionHash)
        return reports.map { report in
            var report = report
            let others = (groups[report.submissionHash] ?? []).map(\.id).filter { $0 != report.id }.sorted()
            let prefix = "identical to the submission of "
            report.notes.removeAll { $0.hasPrefix(prefix) }
            if !others.isEmpty { report.notes.append(prefix + others.joined(separator: ", ")) }
            return report
        }
    }

    static func missing(_ roster: Roster?, _ submissions: [Submission]) -> [BatchReport.MissingStudent] {
        guard let roster else { return [] }
        let submitted = Set(submissions.map(\.id))
        return roster.ids.filter { !submitted.contains($0) }.map { BatchReport.MissingStudent(id: $0, name: roster.names[$0]) }
    }

    /// The hash an untouched submission has.
    func starterHash() -> String {
        (try? intake.place(SubmissionFiles(), into: options.output.appendingPathComponent(".starters")).hash) ?? ""
    }

    /// A hash of every file of the course that grading reads (the manifest, and each exercise's
    /// folder but its learner files and its mutants): a journal entry made with another course is
    /// stale. Mutants change no student's grade, and the known bugs are named anew by every batch,
    /// so a hint edited does not grade the class again.
    func courseFingerprint() throws -> String {
        var material = Data()
        for exercise in exercises {
            let root = exercise.directory.standardizedFileURL.path
            let enumerator = FileManager.default.enumerator(at: exercise.directory, includingPropertiesForKeys: [.isRegularFileKey])
            var paths: [String] = []
            while let url = enumerator?.nextObject() as? URL {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
                let path = String(url.standardizedFileURL.path.dropFirst(root.count + 1))
                if !exercise.learnerFiles.contains(path), !path.hasPrefix("Mutants/") { paths.append(path) }
            }
            for path in paths.sorted() {
                let content = FileManager.default.contents(atPath: exercise.directory.appendingPathComponent(path).path) ?? Data()
                material.append(Data("\(exercise.id)/\(path) \(content.count)\n".utf8))
                material.append(content)
            }
            for item in exercise.sharedResources {
                material.append(Data("shared \(item.lastPathComponent)\n".utf8))
                material.append(FileManager.default.contents(atPath: item.path) ?? Data())
            }
        }
        return ContentHash.hex(of: material)
    }
}
