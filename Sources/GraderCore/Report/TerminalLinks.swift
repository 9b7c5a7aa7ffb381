import Foundation

/// What opens a link's target from the terminal, where nothing can be clicked: the command that
/// shows a lesson (`grader lessons show 2`) or an exercise (`grader show car-settings`), the path
/// of another file of the course from its root, or the web address.
public struct TerminalLinks: Sendable {
    /// The lessons by id, each with the name that `grader lessons show` takes.
    private var lessons: [String: String] = [:]
    /// The exercises by folder (`Exercises/01-defaults/01-car-settings`), each with the name
    /// that `grader show` takes.
    private var exercises: [String: String] = [:]

    /// Links with no course to lead to: a course file is shown as its path.
    public init() {}

    public init(manifest: CourseManifest) {
        let numbers = manifest.lessons.map { Int($0.id.prefix { $0.isNumber }) }
        for (lesson, number) in zip(manifest.lessons, numbers) {
            // The number when it names this lesson alone, else the id.
            let unique = number.map { number in numbers.filter { $0 == number }.count == 1 } ?? false
            lessons[lesson.id] = unique ? String(number!) : lesson.id
        }
        let all = manifest.exercises + manifest.missingExercises.map(\.entry)
        for entry in all {
            let shared = all.filter { $0.shortName == entry.shortName }.count > 1
            exercises[entry.displayPath] = shared ? entry.id : entry.shortName
        }
    }

    /// What to show after a link's text: nil for an anchor on the same page (the text says it all).
    public func opener(for link: CourseLink) -> Opener? {
        switch link {
        case .web(let address): return .address(address.hasPrefix("mailto:") ? String(address.dropFirst(7)) : address)
        case .anchor: return nil
        case .elsewhere(let target): return .path(target)
        case .file(let path, _): return opener(forFile: path)
        }
    }

    public enum Opener: Sendable, Equatable {
        /// A command to type: `grader show car-settings`.
        case command(String)
        /// A file of the course, from its root.
        case path(String)
        /// A web address.
        case address(String)

        public var text: String {
            switch self {
            case .command(let text), .path(let text), .address(let text): return text
            }
        }
    }

    private func opener(forFile path: String) -> Opener {
        let components = path.split(separator: "/").map(String.init)
        if components.count == 2, components[0] == "Lessons", components[1].hasSuffix(".md"),
           let name = lessons[String(components[1].dropLast(3))] {
            return .command("grader lessons show \(name)")
        }
        if components.count >= 3, components[0] == "Exercises",
           components.count == 3 || (components.count == 4 && components[3] == "README.md"),
           let name = exercises[components.prefix(3).joined(separator: "/")] {
            return .command("grader show \(name)")
        }
        return .path(path)
    }
}
