import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

struct VerdictCacheTests {
    private func result(_ failure: StepFailure?) -> CaseResult {
        CaseResult(name: "c", index: 0, hidden: false, weight: 1, status: failure == nil ? .passed : .failed,
                   failure: failure, duration: 0.5)
    }

    private func failure(_ kind: FailureKind, step: StepAction = .relaunch) -> StepFailure {
        StepFailure(kind: kind, stepIndex: 0, step: step, message: "m", stdout: "", stderr: "")
    }

    @Test func keepsWhatDependsOnTheCodeAloneAndMarksItCached() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verdicts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = VerdictCache(cache: JSONCache(directory: folder), graderIdentity: "g")
        var crash = RunnerFixtures.testCase([RunnerFixtures.call("save")])
        crash.crash = CrashPlan(repetitions: 20, seed: 3)
        let key = cache.key(crash, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle, referenceBundle: nil,
                            reference: nil, shrinksFailures: true)
        cache.store(result(nil), key: key)
        #expect(cache.load(key)?.cached == true, "a crash case's passing verdict is kept")
        // Another seed or another binary is another key.
        var reseeded = crash
        reseeded.crash = CrashPlan(repetitions: 20, seed: 4)
        #expect(cache.key(reseeded, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.bundle, referenceBundle: nil,
                          reference: nil, shrinksFailures: true) != key)
        #expect(cache.key(crash, exercise: RunnerFixtures.exercise, bundle: RunnerFixtures.referenceBundle, referenceBundle: nil,
                          reference: nil, shrinksFailures: true) != key)

        for (index, kind) in [FailureKind.timedOut, .tooSlow, .outputLimit, .referenceFailed, .driverFault, .graderFault].enumerated() {
            cache.store(result(failure(kind)), key: "machine-\(index)")
            #expect(cache.load("machine-\(index)") == nil, "\(kind) may be the machine's or the course's")
        }
        cache.store(result(failure(.crashed, step: .launch)), key: "launch")
        #expect(cache.load("launch") == nil, "a launch the grader could not make is not the code's")
        cache.store(result(failure(.wrongValue)), key: "wrong")
        #expect(cache.load("wrong")?.failure?.kind == .wrongValue)
    }
}

extension VerdictCacheTests {
    @Test func anEdgeSetEncodesItsClassesInTheirDeclaredOrder() throws {
        // A Set encodes in its iteration order, which follows the process's hashing seed; keys
        // made of it would differ from one grader process to the next.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let edges = EdgeSet(classes: EdgeClass.strings, longest: 12)
        let json = try #require(try JSONSerialization.jsonObject(with: encoder.encode(edges)) as? [String: Any])
        #expect(json["classes"] as? [String] == EdgeClass.allCases.filter(EdgeClass.strings.contains).map(\.rawValue))
        #expect(try JSONDecoder().decode(EdgeSet.self, from: encoder.encode(edges)) == edges)
    }

    @Test func anotherGraderProcessReusesGeneratedCasesVerdicts() throws {
        // The documents' generated case draws strings from every edge class: each grader process
        // must make the same key for it, or an unchanged check runs it again every time.
        let course = try TemporaryCourse.fixture()
        try course.write("Exercises/00-fixtures/03-documents/Solution.swift",
                         try String(contentsOf: course.root.appendingPathComponent("Exercises/00-fixtures/03-documents/Reference/Solution.swift"),
                                    encoding: .utf8))
        _ = try GraderProcess.run(["check", "documents"], in: course.root)
        let second = try GraderProcess.run(["check", "documents", "--format", "json"], in: course.root)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        let cases = try #require(((report["exercises"] as? [[String: Any]])?.first?["cases"]) as? [[String: Any]])
        #expect(cases.contains { $0["name"] as? String == "shouting agrees with the reference" }, "the generated case ran")
        let notCached = cases.filter { $0["cached"] as? Bool != true }.compactMap { $0["name"] as? String }
        #expect(notCached.isEmpty, "run again by the second process: \(notCached)")
    }
}
