import Foundation

/// Generated mutants built once per exercise: a mutant schema holds them all behind a switch
/// (`MutantSchema` in MutationKit, written by `mutate --schema`), and each mutant's binary is a
/// copy of the schema's with its number written into the switch's marker string.
extension BuildEngine {
    /// The marker's text before its number, as `mutate` writes it (`MutantSchema.slotPrefix`).
    static let schemaSlotPrefix = Data("GRADER-MUTANT-SCHEMA-SLOT:".utf8)
    /// The digits after it (`MutantSchema.slotDigits`).
    static let schemaSlotDigits = 6

    public func build(exercise: Exercise, schema: URL, number: Int, resources: BundleResources) throws -> BuildOutcome {
        // The schema's build, from the cache: the grader builds a schema before it grades its
        // mutants, and grades only schemas that compiled.
        let schemaBuild = try build(exercise: exercise, sources: [schema], resources: resources)
        guard case .built(let built) = schemaBuild else { return schemaBuild }
        let material = Data("grader-schema-mutant-v1 \(built.key) \(number)\n".utf8)
        let key = ContentHash.hex(of: material)
        let entry = cacheDirectory.appendingPathComponent(key)
        let keyLock = inFlight.lock(for: key)
        keyLock.lock()
        defer { keyLock.unlock() }
        if let cached = cachedOutcome(entry: entry, material: material, key: key) { return cached }

        let fm = FileManager.default
        let staging = cacheDirectory.appendingPathComponent(".staging-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: staging) }
        let bundle = staging.appendingPathComponent("App.app")
        let executable = bundle.appendingPathComponent(AppBundle.executableName)
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            try fm.copyItem(at: built.directory, to: bundle)
            var binary = try Data(contentsOf: executable)
            try Self.writeSchemaNumber(number, into: &binary)
            try binary.write(to: executable)
            try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
        } catch let error as GraderError {
            throw error
        } catch {
            throw GraderError.io("cannot copy the mutant schema's binary into \(staging.path): \(error.localizedDescription)")
        }
        try store(.built(AppBundle(directory: entry.appendingPathComponent("App.app"), key: key)),
                  material: material, staging: staging, entry: entry)
        return cachedOutcome(entry: entry, material: material, key: key)
            ?? .built(AppBundle(directory: entry.appendingPathComponent("App.app"), key: key))
    }

    /// Writes `number` over the digits of the binary's one marker.
    /// - Throws: ``GraderError`` unless the marker is there exactly once with its digits.
    static func writeSchemaNumber(_ number: Int, into binary: inout Data) throws {
        guard let first = binary.range(of: schemaSlotPrefix),
              binary.range(of: schemaSlotPrefix, in: first.upperBound..<binary.endIndex) == nil,
              first.upperBound + schemaSlotDigits <= binary.endIndex,
              binary[first.upperBound..<(first.upperBound + schemaSlotDigits)].allSatisfy({ (0x30...0x39).contains($0) })
        else {
            throw GraderError.io("the mutant schema's binary does not hold its switch's marker exactly once; rebuild mutate and the grader together")
        }
        let digits = String(number)
        guard number >= 0, digits.count <= schemaSlotDigits else {
            throw GraderError.io("a mutant schema holds at most \(String(repeating: "9", count: schemaSlotDigits)) mutants")
        }
        let padded = String(repeating: "0", count: schemaSlotDigits - digits.count) + digits
        binary.replaceSubrange(first.upperBound..<(first.upperBound + schemaSlotDigits), with: Data(padded.utf8))
    }
}
