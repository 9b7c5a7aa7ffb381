import Foundation

/// Whether `value`, and everything inside it, can be stored in a property list.
func isPropertyList(_ value: Any) -> Bool {
    // TODO: check the whole tree, not only the outer type.
    false
}

/// Saves the entries of `settings` that can go in a property list to `url`, as a binary
/// property list, and returns the keys of those it had to leave out, sorted.
func saveStorable(_ settings: [String: Any], to url: URL) throws -> [String] {
    // TODO: split the entries, write the storable ones atomically, return the others' keys.
    []
}
