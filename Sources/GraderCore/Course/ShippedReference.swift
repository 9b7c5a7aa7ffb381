import Foundation

/// An exercise's reference as a student handout ships it: a compiled binary, run wherever the
/// grader would build the reference from `Reference/` (Docs/handout.md).
public struct ShippedReference: Sendable, Hashable {
    /// The executable, in the handout's `ReferenceBinaries/` folder.
    public var binary: URL
    /// Its SHA-256 as `handout.json` records it.
    public var hash: String
    /// The platform it was built for, such as `x86_64-linux`.
    public var platform: String
    /// The Swift release whose shared runtime it needs (`swiftc --version`'s first line); nil
    /// when the runtime is linked in.
    public var swiftVersion: String? = nil
}
