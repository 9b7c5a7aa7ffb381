import Foundation

/// Finds the exercises a learner names on the command line: by id (`01-defaults/01-car-settings`),
/// folder name (`01-car-settings`), short name (`car-settings`) or path (`Exercises/01-defaults/01-car-settings`,
/// or any file inside it).
public enum ExerciseSelector {
    public static func select(_ names: [String], in course: Course, currentDirectory: URL) throws -> [Exercise] {
        guard !names.isEmpty else { return course.exercises }
        var selected: [Exercise] = []
        for name in names {
            let matches = matching(name, in: course, currentDirectory: currentDirectory)
            guard !matches.isEmpty else {
                let lowered = name.lowercased()
                let suggestions = course.exercises.filter {
                    $0.shortName.contains(lowered) || lowered.contains($0.shortName)
                }.map(\.shortName)
                throw GraderError.unknownExercise(name, suggestions: Array(suggestions.prefix(3)))
            }
            for exercise in matches where !selected.contains(where: { $0.id == exercise.id }) {
                selected.append(exercise)
            }
        }
        return selected
    }

    private static func matching(_ name: String, in course: Course, currentDirectory: URL) -> [Exercise] {
        let trimmed = name.hasSuffix("/") ? String(name.dropLast()) : name
        let byName = course.exercises.filter { [$0.id, $0.slug, $0.shortName].contains(trimmed) }
        if !byName.isEmpty { return byName }
        // A lesson id selects its exercises.
        if let lesson = course.lessons.first(where: { $0.id == trimmed }) { return lesson.exercises }
        // A path: the exercise folder that contains it.
        let url = URL(fileURLWithPath: trimmed, relativeTo: currentDirectory).standardizedFileURL.path
        return course.exercises.filter { exercise in
            let folder = exercise.directory.standardizedFileURL.path
            return url == folder || url.hasPrefix(folder + "/")
        }
    }
}
