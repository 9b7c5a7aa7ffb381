import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct Prepare: GraderSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Ready this machine for grading: check the sandbox and build the compiler's module cache.",
        discussion: "Scripts/setup.sh runs it. Exit status: 0 when ready, 2 when the grader cannot run here.")

    @OptionGroup var options: CourseOptions

    func perform() throws -> Int32 {
        let errors = try options.workspace { _ in .nothing }.prepare()
        guard errors.isEmpty else {
            throw GraderError.io("the compiler could not import the exercise runtime: "
                + errors.map(\.message).joined(separator: "; "))
        }
        print("grader: ready (sandbox checked, module cache built)")
        return 0
    }
}
