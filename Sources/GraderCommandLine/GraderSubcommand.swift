import ArgumentParser
import Foundation
import GraderCore

/// A subcommand whose work is in the library: `perform` returns the exit status, and any error
/// it throws means the grader could not do its job (status 2, the error on standard error).
package protocol GraderSubcommand: ParsableCommand {
    func perform() throws -> Int32
}

extension GraderSubcommand {
    package func run() throws {
        let status: Int32
        do {
            status = try perform()
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        if status != 0 { throw ExitCode(status) }
    }
}
