import Foundation

/// References in student handouts: built to run on the student's machine when an instructor
/// packs one, and made into app bundles when a student's grader runs them (Docs/handout.md).
extension BuildEngine {
    /// Builds `exercise`'s reference as a handout ships it: the same driver, sources and module
    /// as any reference build, linked for another machine: against the runtime the sandbox
    /// shows (``RuntimeLinkage/sandboxed``), or with the runtime linked in
    /// (``RuntimeLinkage/embedded``) so that it runs whatever toolchain the student has. The
    /// bundle holds no resources: the student's grader puts the handout's own beside the binary.
    public func buildShippableReference(of exercise: Exercise, runtime: RuntimeLinkage = .sandboxed) throws -> BuildOutcome {
        try build(inputs: [exercise.driverURL] + exercise.referenceSources, resources: BundleResources(),
                  parseAsLibrary: true, runtime: runtime)
    }

    package func buildReference(of exercise: Exercise) throws -> BuildOutcome {
        guard let shipped = exercise.shippedReference else {
            return try build(exercise: exercise, sources: exercise.referenceSources)
        }
        return try install(shipped, resources: exercise.bundleResources)
    }

    /// The shipped binary in an app bundle with `resources`, in the build cache like any build,
    /// keyed by the manifest's hash of the binary, its size and time, and the resources' content.
    private func install(_ shipped: ShippedReference, resources: BundleResources) throws -> BuildOutcome {
        guard shipped.platform == HandoutManifest.currentPlatform else {
            throw GraderError.handoutPlatform(packedFor: shipped.platform, machine: HandoutManifest.currentPlatform)
        }
        let fm = FileManager.default
        guard fm.isExecutableFile(atPath: shipped.binary.path) else {
            throw GraderError.io("the reference binary \(shipped.binary.path) is missing or not executable. "
                + "Ask your instructor for a fresh copy of the handout.")
        }
        // Hashing the binary on every run would cost about a second each; its size and time
        // change whenever it is replaced, as the toolchain's identity does (Toolchain.describe).
        var material = Data("grader-shipped-reference-v1\n\(shipped.hash)\n\(Toolchain.describe(shipped.binary))\n".utf8)
        // A binary on the shared runtime was checked against this toolchain when it was put in
        // the cache (below): another toolchain, or another release recorded, is another key,
        // checked again.
        if let needed = shipped.swiftVersion { material.append(Data("runtime of \(needed)\n\(toolchain.fingerprint)\n".utf8)) }
        material.append(resourceMaterial(resources))
        let key = ContentHash.hex(of: material)
        let entry = cacheDirectory.appendingPathComponent(key)
        let keyLock = inFlight.lock(for: key)
        keyLock.lock()
        defer { keyLock.unlock() }
        if let cached = cachedOutcome(entry: entry, material: material, key: key) { return cached }
        // Swift's runtime has no stable binary interface on Linux: a binary linked against it
        // runs with the release that built it. (`swiftc --version` takes about 0.1 s, so it is
        // asked here, once per binary and toolchain, not at every check.)
        if let needed = shipped.swiftVersion, needed != toolchain.swiftVersion {
            throw GraderError.handoutToolchain(packedWith: needed, machine: toolchain.swiftVersion)
        }

        let staging = cacheDirectory.appendingPathComponent(".staging-\(UUID().uuidString)")
        let bundle = staging.appendingPathComponent("App.app")
        defer { try? fm.removeItem(at: staging) }
        let executable = bundle.appendingPathComponent(AppBundle.executableName)
        do {
            try fm.createDirectory(at: bundle, withIntermediateDirectories: true)
            // A hard link where the file system allows one: the binaries are tens of megabytes.
            do { try fm.linkItem(at: shipped.binary, to: executable) } catch { try fm.copyItem(at: shipped.binary, to: executable) }
        } catch {
            throw GraderError.io("cannot put the reference binary into \(cacheDirectory.path): \(error.localizedDescription)")
        }
        try copyResources(from: resources, into: bundle)
        let outcome = BuildOutcome.built(AppBundle(directory: entry.appendingPathComponent("App.app"), key: key))
        try store(outcome, material: material, staging: staging, entry: entry)
        return cachedOutcome(entry: entry, material: material, key: key) ?? outcome
    }
}
