/// How an exercise binary gets the Swift runtime and Foundation.
public enum RuntimeLinkage: String, Sendable, Codable {
    /// From the toolchain's shared libraries: every binary the grader builds to run itself.
    case shared
    /// From the shared libraries of whatever toolchain runs it, found where the sandbox shows
    /// them (``sandboxLibraries``), its symbols stripped: a reference shipped in a student handout
    /// (the default), under a megabyte, which runs with the same Swift release only.
    case sandboxed
    /// Linked into the binary (`-static-stdlib`), its symbols stripped: a reference shipped in
    /// a student handout, which must run whatever toolchain the student has (Docs/handout.md).
    /// It still needs the system's C libraries (glibc, libstdc++, and libsqlite3 when it
    /// imports SQLite3), as every exercise binary does.
    case embedded

    /// Where every sandbox shows the toolchain's runtime libraries (beside their own path), so
    /// that a binary built on another machine, whose toolchain lay elsewhere, finds them.
    public static let sandboxLibraries = "/var/swift-runtime"

    /// What the link adds.
    var linkFlags: [String] {
        switch self {
        case .shared: return []
        case .sandboxed:
            #if os(Linux)
            return ["-no-toolchain-stdlib-rpath", "-Xlinker", "-rpath", "-Xlinker", Self.sandboxLibraries, "-Xlinker", "--strip-all"]
            #else
            return []
            #endif
        case .embedded:
            #if os(Linux)
            // Without the symbol tables the binary is about a fifth smaller; a reference that
            // crashes is a course problem found by `grader verify`, not debugged in a handout.
            return ["-static-stdlib", "-Xlinker", "--strip-all"]
            #else
            // Apple's systems carry the Swift runtime themselves: nothing to embed.
            return []
            #endif
        }
    }
}
