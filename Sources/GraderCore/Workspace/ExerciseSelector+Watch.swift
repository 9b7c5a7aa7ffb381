import Foundation

extension ExerciseSelector {
    /// The exercise `grader watch` starts on: the one `name` names, as `grader check` names it (a
    /// lesson, or a folder holding several, stands for the first of them not done, else the first);
    /// with no name, the exercise whose folder holds `currentDirectory`, else the first exercise of
    /// the course not done.
    /// - Returns: nil when no name is given, `currentDirectory` is in no exercise and every
    ///   exercise is done.
    /// - Throws: ``GraderError`` when `name` names nothing (or an exercise whose files are missing).
    public static func watched(_ name: String?, in manifest: CourseManifest, currentDirectory: URL,
                               order: ExerciseOrder) throws -> CourseManifest.ExerciseEntry? {
        if let name {
            let selected = try select([name], in: manifest, currentDirectory: currentDirectory)
            return order.firstNotDone(among: selected) ?? selected.first
        }
        let here = matching(".", in: manifest, currentDirectory: currentDirectory)
        if !here.isEmpty { return order.firstNotDone(among: here) ?? here.first }
        return order.firstNotDone()
    }
}
