import Foundation

/// The reference implementation's runs, kept on disk: they depend only on the course, so a
/// class of a hundred students runs each reference case once, not a hundred times.
struct ReferenceCache {
    let directory: URL

    /// The key: the reference build, the case's steps, the limits and the suites.
    static func key(bundle: AppBundle, testCase: TestCase, limits: Limits, suites: [String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var material = Data("reference-run-v1 \(bundle.key)\n".utf8)
        material.append((try? encoder.encode(testCase.steps)) ?? Data())
        material.append((try? encoder.encode(limits)) ?? Data())
        material.append(Data(suites.joined(separator: ",").utf8))
        return ContentHash.hex(of: material)
    }

    func load(_ key: String) -> [StepRun]? {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent("\(key).json").path)
        else { return nil }
        return try? JSONDecoder().decode([StepRun].self, from: data)
    }

    func store(_ runs: [StepRun], key: String) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard let data = try? JSONEncoder().encode(runs) else { return }
        try? data.write(to: directory.appendingPathComponent("\(key).json"), options: .atomic)
    }
}
