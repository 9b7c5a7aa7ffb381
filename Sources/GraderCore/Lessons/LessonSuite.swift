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

    /// The lessons whose file is written: those ``check(_:fix:finished:)`` checks.
    public static func written(_ lessons: [Lesson]) -> [Lesson] {
        lessons.filter { FileManager.default.fileExists(atPath: $0.file.path) }
    }

    /// Checks `lessons` whose file exists; a lesson file with problems is a failed result.
    /// - Parameter finished: told of each lesson's result as soon as it is checked, from the
    ///   pool's threads, one call at a time.
    public func check(_ lessons: [Lesson], fix: Bool = false,
                      finished: (@Sendable (LessonResult) -> Void)? = nil) throws -> [LessonResult] {
        let written = Self.written(lessons)
        let checker = LessonChecker(course: course, workbench: workbench)
        let announce = NSLock()
        let results = pool.map(written) { lesson -> Result<LessonResult, Error> in
            let result = Result { () throws -> LessonResult in
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
            if let finished, case .success(let value) = result {
                announce.lock()
                finished(value)
                announce.unlock()
            }
            return result
        }
        return try results.map { try $0.get() }
    }
}
