import Foundation

/// A coding path as text: keys joined with dots, array positions in brackets
/// ("contacts[1].email"); "(top level)" for an empty path.
func pathText(_ codingPath: [any CodingKey]) -> String {
    // TODO
    ""
}

/// One line: "<case>: <path>", then ": <reason>" except for keyNotFound.
func report(_ error: DecodingError) -> String {
    // TODO: switch over the four cases.
    "\(error)"
}
