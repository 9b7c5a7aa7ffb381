import Foundation

/// Runs a real process with its standard output and standard error on a pseudo-terminal
/// (`openpty`), as in a learner's terminal window, and returns everything it wrote there.
///
/// The terminal's line discipline turns every `\n` into `\r\n`, as a real one does; a redraw
/// in place is the program's own `\r` followed by an erase (`ESC [ K`).
enum PseudoTerminal {
    struct Output {
        var status: Int32
        var text: String
    }

    /// Runs `executable ARGUMENTS` in `directory` on a terminal `columns` wide, to the end.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String],
                    columns: UInt16 = 100) throws -> Output {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&primary, &secondary, nil, nil, &size) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openpty: \(String(cString: strerror(errno)))"])
        }
        defer { close(primary) }
        let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: false)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = terminal
        process.standardError = terminal
        do {
            try process.run()
        } catch {
            close(secondary)
            throw error
        }
        // Only the child holds the terminal now: reading ends (EIO) once it and its children are gone.
        close(secondary)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = read(primary, &buffer, buffer.count)
            if count > 0 {
                data.append(buffer, count: count)
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        process.waitUntilExit()
        return Output(status: process.terminationStatus, text: String(decoding: data, as: UTF8.self))
    }
}
