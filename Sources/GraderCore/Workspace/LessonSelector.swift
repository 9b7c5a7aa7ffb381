import Foundation

/// Finds lessons by number (`1`, `01`), id (`01-defaults`), name (`defaults`) or path.
public enum LessonSelector {
    public static func select(_ names: [String], in course: Course) throws -> [Lesson] {
        guard !names.isEmpty else { return course.lessons }
        return try names.map { name in
            guard let lesson = course.lessons.first(where: { Self.names(name, $0.id) }) else {
                throw GraderError.unknownLesson(name, lessons: course.lessons.map(\.id))
            }
            return lesson
        }
    }

    /// Reads and parses the lesson of `manifest` that `name` names.
    /// - Throws: ``GraderError/unknownLesson(_:lessons:)``, or the lesson's ``LessonProblems``.
    public static func document(_ name: String, in manifest: CourseManifest) throws -> LessonDocument {
        guard let lesson = match(name, in: manifest.lessons) else {
            throw GraderError.unknownLesson(name, lessons: manifest.lessons.map(\.id))
        }
        return try LessonDocument(url: lesson.file, displayPath: "Lessons/\(lesson.id).md")
    }

    /// The lesson of the manifest that `name` names, if any.
    public static func match(_ name: String, in lessons: [CourseManifest.LessonEntry]) -> CourseManifest.LessonEntry? {
        lessons.first { names(name, $0.id) }
    }

    /// Whether `name` names the lesson `id`.
    static func names(_ name: String, _ id: String) -> Bool {
        let trimmed = (name as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")
        let number = id.prefix { $0.isNumber }
        let words = id.drop { $0.isNumber || $0 == "-" }
        return id == trimmed || String(words) == trimmed || (Int(trimmed) != nil && Int(number) == Int(trimmed))
    }
}
