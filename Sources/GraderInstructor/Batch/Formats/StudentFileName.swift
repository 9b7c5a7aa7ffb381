import Foundation
import GraderCore

/// A student id made safe as one path component of an output file.
///
/// Ids come from LMS folder names and rosters, so they may hold `/`, `..`, spaces or accents.
/// Letters, digits, `.`, `-` and `_` are kept; anything else becomes `_`, and then a short hash
/// of the original id is appended so that two ids differing only there (`a/b`, `a b`) never
/// share a file.
public enum StudentFileName {
    public static func component(_ id: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        var safe = String(id.map { allowed.contains($0) ? $0 : "_" })
        if safe.allSatisfy({ $0 == "." }) { safe = String(repeating: "_", count: max(safe.count, 1)) }
        if safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        guard safe != id else { return id }
        return safe + "-" + String(ContentHash.hex(of: id).prefix(8))
    }
}
