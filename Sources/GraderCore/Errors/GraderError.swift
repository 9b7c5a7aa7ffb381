/// Why the grader itself could not do its job. A learner's failure is never one of these: it
/// is a result (see ``ExerciseResult``). Each message ends with what to do next.
public enum GraderError: Error, CustomStringConvertible, Equatable {
    case courseNotFound(String)
    case courseInvalid(CourseProblem)
    /// The files of the exercises named have problems, so they cannot be used.
    case exerciseInvalid([CourseProblem])
    case missingTool(String, hint: String)
    case missingRuntime(near: String)
    case noSandbox(String)
    case unknownExercise(String, suggestions: [String])
    case unknownLesson(String, lessons: [String])
    /// A command that works on one exercise was given a lesson, or nothing outside an exercise's folder.
    case severalExercises(String, candidates: [String])
    case noExerciseHere(String)
    case io(String)
    /// A command for the instructor's course was run in a student handout.
    case instructorCourseNeeded(command: String)
    /// A handout's reference binaries were built for another platform than this machine's.
    case handoutPlatform(packedFor: String, machine: String)
    /// A handout's reference binaries use the shared runtime of another Swift release.
    case handoutToolchain(packedWith: String, machine: String)
    /// `grader pack` cannot pack this course into that folder.
    case packRefused(String)

    public var description: String {
        switch self {
        case .courseNotFound(let start):
            return "no grader.yml in \(start) or any folder above it. Run the grader from inside the course, or pass --course PATH."
        case .courseInvalid(let problem) where problem.file == HandoutManifest.fileName:
            return problem.description
        case .courseInvalid(let problem):
            return "\(problem)\nFix grader.yml, then run `grader verify` to list every problem in the course."
        case .exerciseInvalid(let problems):
            return problems.map(\.description).joined(separator: "\n")
                + "\nFix the exercise's files, then run `grader verify` to list every problem in the course."
        case .missingTool(let tool, let hint):
            return "cannot find `\(tool)`: \(hint)."
        case .missingRuntime(let near):
            return "the exercise runtime (ExerciseKit) is not built near \(near). Run `swift build` in the course folder, or `Scripts/setup.sh`."
        case .noSandbox(let reason):
            return "cannot run exercises in a sandbox: \(reason). Run `Scripts/setup.sh` (it installs bubblewrap)."
        case .unknownExercise(let name, let suggestions):
            let hint = suggestions.isEmpty ? "Run `grader list` to see the exercises." : "Did you mean \(suggestions.joined(separator: " or "))?"
            return "no exercise matches '\(name)'. \(hint)"
        case .unknownLesson(let name, let lessons):
            return "no lesson matches '\(name)'. The lessons are: \(lessons.joined(separator: ", "))."
        case .severalExercises(let name, let candidates):
            return "'\(name)' names \(candidates.count) exercises: \(candidates.joined(separator: ", ")). Name one of them."
        case .noExerciseHere(let folder):
            return "\(folder) is not inside an exercise's folder. Name an exercise (`grader list` shows them), or run the command inside its folder."
        case .io(let message):
            return message
        case .instructorCourseNeeded(let command):
            return "`grader \(command)` needs the instructor's course: this folder is a student handout (\(HandoutManifest.fileName)), "
                + "which has no references, mutants or hidden cases. Run it in the course the handout was packed from."
        case .handoutPlatform(let packedFor, let machine):
            return "this handout's reference binaries were built for \(packedFor), and this machine is \(machine). "
                + "Ask your instructor for a handout packed for \(machine)."
        case .handoutToolchain(let packedWith, let machine):
            return "this handout's reference binaries use the Swift runtime of \(packedWith), and this grader's toolchain is \(machine). "
                + "Install the Swift release the course names (Scripts/setup.sh says which), or ask your instructor for a handout packed with --self-contained."
        case .packRefused(let reason):
            return "cannot pack the handout: \(reason)"
        }
    }
}
