import ArgumentParser
import Foundation

/// The option of the commands that show long text: `--no-pager`.
package struct PagerOptions: ParsableArguments {
    package init() {}

    @Flag(name: .customLong("no-pager"), help: "Print the whole text at once, even on a terminal (default: a pager when it is taller than the screen).")
    package var noPager = false

    /// The pager these options ask for, sized to standard output's terminal.
    package var pager: Pager { Pager(enabled: !noPager) }
}
