import Foundation

/// Finds the exercises a learner names on the command line: by id (`01-defaults/01-car-settings`),
/// folder name (`01-car-settings`), short name (`car-settings`), lesson (`01-defaults`, `1`) or path
/// (`Exercises/01-defaults/01-car-settings`, or any file inside it). Names are matched against the
/// manifest, so no exercise file is read to find them.
public enum ExerciseSelector {
    public static func select(_ names: [String], in manifest: CourseManifest,
                              currentDirectory: URL) throws -> [CourseManifest.ExerciseEntry] {
        guard !names.isEmpty else { return manifest.exercises }
        var selected: [CourseManifest.ExerciseEntry] = []
        for name in names {
            let matches = matching(name, in: manifest, currentDirectory: currentDirectory)
            guard !matches.isEmpty else {
                // Listed, but with no exercise.yml: say so rather than that nothing matches.
                let missing = manifest.missingExercises.filter { found in
                    matching(name, in: [found.entry], currentDirectory: currentDirectory).contains(found.entry)
                }
                if !missing.isEmpty { throw GraderError.exerciseInvalid(missing.map(\.problem)) }
                let lowered = name.lowercased()
                let suggestions = manifest.exercises.filter {
                    $0.shortName.contains(lowered) || lowered.contains($0.shortName)
                }.map(\.shortName)
                throw GraderError.unknownExercise(name, suggestions: Array(suggestions.prefix(3)))
            }
            for entry in matches where !selected.contains(entry) { selected.append(entry) }
        }
        return selected
    }

    static func matching(_ name: String, in manifest: CourseManifest,
                         currentDirectory: URL) -> [CourseManifest.ExerciseEntry] {
        let trimmed = name.hasSuffix("/") ? String(name.dropLast()) : name
        // A lesson selects its exercises: by id (`01-defaults`), number (`1`, `01`) or name (`defaults`).
        if !manifest.exercises.contains(where: { [$0.id, $0.slug, $0.shortName].contains(trimmed) }),
           let lesson = manifest.lessons.first(where: { $0.id == trimmed })
            ?? manifest.lessons.first(where: { LessonSelector.names(trimmed, $0.id) }) {
            return lesson.exercises
        }
        return matching(name, in: manifest.exercises, currentDirectory: currentDirectory)
    }

    /// The entries `name` names by id, folder name, short name or path.
    private static func matching(_ name: String, in entries: [CourseManifest.ExerciseEntry],
                                 currentDirectory: URL) -> [CourseManifest.ExerciseEntry] {
        let trimmed = name.hasSuffix("/") ? String(name.dropLast()) : name
        let byName = entries.filter { [$0.id, $0.slug, $0.shortName].contains(trimmed) }
        if !byName.isEmpty { return byName }
        // A path: the exercise folder that contains it.
        let url = URL(fileURLWithPath: trimmed, relativeTo: currentDirectory).standardizedFileURL.path
        return entries.filter { entry in
            let folder = entry.directory.standardizedFileURL.path
            return url == folder || url.hasPrefix(folder + "/")
        }
    }
}

extension ExerciseSelector {
    /// Reads the manifest at `root` and the one exercise `name` names, for commands that show it.
    /// - Throws: ``GraderError`` when the course or the name is not found, or when the exercise's
    ///   files have problems (which it lists).
    /// With no name, the exercise whose folder holds `currentDirectory`.
    public static func exercise(_ name: String?, root: URL, currentDirectory: URL) throws -> Exercise {
        let manifest: CourseManifest
        do {
            manifest = try CourseLoader().loadManifest(root: root)
        } catch let problem as CourseProblem {
            throw GraderError.courseInvalid(problem)
        }
        let selected: [CourseManifest.ExerciseEntry]
        if let name {
            selected = try select([name], in: manifest, currentDirectory: currentDirectory)
        } else {
            selected = matching(".", in: manifest, currentDirectory: currentDirectory)
            guard !selected.isEmpty else { throw GraderError.noExerciseHere(currentDirectory.path) }
        }
        // A lesson names several: the learner picks one.
        guard selected.count == 1, let entry = selected.first else {
            throw GraderError.severalExercises(name ?? ".", candidates: selected.map(\.shortName))
        }
        let loaded = CourseLoader().load(manifest, only: [entry.id])
        guard let exercise = loaded.course.exercises.first(where: { $0.id == entry.id }) else {
            throw GraderError.exerciseInvalid(loaded.problems.filter { $0.file.hasPrefix(entry.displayPath + "/") })
        }
        return exercise
    }
}
