import Foundation

/// Checks several lessons in parallel.
public struct LessonSuite {
    let course: Course
    let workbench: Workbench
    let pool: WorkPool

    init(course: Course, workbench: Workbench, jobs: Int) {
        self.course = course
        self.workbench = workbench
        pool = WorkPool(jobs: jobs)
    }

    /// Checks `lessons` whose file exists; a lesson file with problems is a failed result.
    public func check(_ lessons: [Lesson], fix: Bool = false) throws -> [LessonResult] {
        let written = lessons.filter { FileManager.default.fileExists(atPath: $0.file.path) }
        let checker = LessonChecker(course: course, workbench: workbench)
        let results = pool.map(written) { lesson -> Result<LessonResult, Error> in
            Result {
                do {
                    let document = try LessonDocument(url: lesson.file, displayPath: lesson.displayPath)
                    var result = try checker.check(document, fix: fix)
                    result.problems += LessonLinks.broken(in: document)
                    return result
                } catch let problems as LessonProblems {
                    return LessonResult(lesson: lesson.displayPath, checks: 0, failures: [],
                                        problems: problems.problems, fixed: 0)
                }
            }
        }
        return try results.map { try $0.get() }
    }
}
