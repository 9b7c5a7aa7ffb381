import Foundation

/// Reads the keys a learner presses, on a thread of its own: single keys from a terminal in
/// ``KeyboardMode``, else one line at a time (so that a pipe can drive the command), the line's
/// first character standing for a key and an empty line for Enter. Letters come lower case
/// (Caps Lock on, `Q` still quits).
package final class KeyReader: @unchecked Sendable {
    package enum Event: Equatable, Sendable {
        case key(Character)
        /// Standard input ended (Ctrl-D on a terminal).
        case endOfInput
    }

    /// Starts reading standard input; `onEvent` is called on the reading thread.
    package init(singleKeys: Bool, onEvent: @escaping @Sendable (Event) -> Void) {
        let thread = Thread {
            if singleKeys { Self.readKeys(onEvent) } else { Self.readLines(onEvent) }
        }
        thread.name = "grader watch: keys"
        thread.start()
    }

    private static func readKeys(_ onEvent: (Event) -> Void) {
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            // Ctrl-D, as at a shell's prompt.
            guard count == 1, byte != 4 else { return onEvent(.endOfInput) }
            if byte == 27 {
                skipEscapeSequence()
                continue
            }
            // Letters, digits, punctuation, space and Enter.
            if byte == 10 || byte == 13 { onEvent(.key("\n")) } else if (32..<127).contains(byte) {
                onEvent(.key(Character(Character(Unicode.Scalar(byte)).lowercased())))
            }
        }
    }

    /// The rest of what an arrow or function key sends after ESC (`ESC [ A`, `ESC O P`), so that
    /// its letters are not taken for keys; a lone ESC is followed by nothing within a moment.
    private static func skipEscapeSequence() {
        var byte: UInt8 = 0
        guard nextByte(&byte), byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") else { return }
        while nextByte(&byte), !(0x40...0x7E).contains(byte) {}
    }

    /// Reads a byte that arrives within 50 ms.
    private static func nextByte(_ byte: inout UInt8) -> Bool {
        var request = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 50) > 0 && read(STDIN_FILENO, &byte, 1) == 1
    }

    private static func readLines(_ onEvent: (Event) -> Void) {
        while let line = readLine() {
            onEvent(.key(line.trimmingCharacters(in: .whitespaces).lowercased().first ?? "\n"))
        }
        onEvent(.endOfInput)
    }
}
