import Foundation

/// Verdicts of cases whose every input is unchanged, as `go test` caches test results.
///
/// A case's verdict depends on the learner's binary, the case's steps, the limits, the suites
/// saved on relaunch and the reference's runs it is compared with: all of them are in the key.
/// Verdicts that may depend on the machine (a timeout, the output cap) are never kept.
/// `grader check --no-cache` runs everything again.
struct ResultCache {
    let directory: URL

    static func key(bundle: AppBundle, testCase: TestCase, exercise: Exercise, referenceRuns: [StepRun]?) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var material = Data("case-result-v1 \(bundle.key)\n".utf8)
        material.append((try? encoder.encode(testCase)) ?? Data())
        material.append((try? encoder.encode(exercise.limits)) ?? Data())
        material.append(Data(exercise.defaultsSuites.joined(separator: ",").utf8))
        material.append((try? encoder.encode(referenceRuns)) ?? Data())
        return ContentHash.hex(of: material)
    }

    func load(_ key: String) -> CaseResult? {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent("\(key).json").path),
              var result = try? JSONDecoder().decode(CaseResult.self, from: data) else { return nil }
        result.cached = true
        return result
    }

    func store(_ result: CaseResult, key: String) {
        if let kind = result.failure?.kind, [.timedOut, .outputLimit, .referenceFailed, .driverFault].contains(kind) {
            return
        }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard let data = try? JSONEncoder().encode(result) else { return }
        try? data.write(to: directory.appendingPathComponent("\(key).json"), options: .atomic)
    }
}
