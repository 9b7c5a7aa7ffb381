import ArgumentParser
import Foundation
import GraderCommandLine
import GraderCore

struct Show: GraderSubcommand {
    static let configuration = CommandConfiguration(abstract: "Print an exercise's statement.")

    @OptionGroup var options: CourseOptions

    @Argument(help: "The exercise (id, folder name, short name or path; default: the exercise whose folder you are in).",
              completion: CourseCompletion.kind(.exercises))
    var exercise: String?

    @OptionGroup var pagerOptions: PagerOptions

    func perform() throws -> Int32 {
        let root = try options.courseRoot()
        let found = try ExerciseSelector.exercise(exercise, root: root, currentDirectory: options.currentDirectory)
        let links = (try? CourseLoader().loadManifest(root: root)).map(TerminalLinks.init(manifest:)) ?? TerminalLinks()
        let pager = pagerOptions.pager
        let markdown = TerminalMarkdown(style: terminalStyle, width: pager.size.columns, links: links)
        pager.show(try CourseListReport(style: terminalStyle).renderStatement(found, markdown: markdown))
        return 0
    }
}
