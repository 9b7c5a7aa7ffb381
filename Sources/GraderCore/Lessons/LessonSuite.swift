import Foundation

/// Checks several lessons in parallel.
public struct LessonSuite {
    let grader: Grader

    public init(grader: Grader) {
        self.grader = grader
    }

    /// Checks `lessons` whose file exists; a lesson file with problems is a failed result.
    public func check(_ lessons: [Lesson], fix: Bool = false) throws -> [LessonResult] {
        let written = lessons.filter { FileManager.default.fileExists(atPath: $0.file.path) }
        let checker = LessonChecker(grader: grader)
        let results = grader.pool.map(written) { lesson -> Result<LessonResult, Error> in
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

/// Finds lessons by number (`1`, `01`), id (`01-defaults`), name (`defaults`) or path.
public enum LessonSelector {
    public static func select(_ names: [String], in course: Course) throws -> [Lesson] {
        guard !names.isEmpty else { return course.lessons }
        return try names.map { name in
            let trimmed = (name as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")
            let match = course.lessons.first { lesson in
                let number = lesson.id.prefix { $0.isNumber }
                let words = lesson.id.drop { $0.isNumber || $0 == "-" }
                return lesson.id == trimmed || String(words) == trimmed || (Int(trimmed) != nil && Int(number) == Int(trimmed))
            }
            guard let lesson = match else {
                throw GraderError.unknownLesson(name, lessons: course.lessons.map(\.id))
            }
            return lesson
        }
    }
}
