import Foundation

/// Whether one requirement of a statement is tested: it names a case, it names a mutant that
/// breaks it, and each of those mutants fails one of its cases.
struct RequirementCheck {
    var requirement: Requirement
    /// The exercise's id, as verify's checks name it.
    var exercise: String

    /// The check, from the exercise's hand-written mutants' results by name.
    func check(mutants results: [String: ExerciseResult]) -> VerifyCheck {
        // `file:line:column: requirements[N]`, where an editor opens it.
        let place = requirement.location.place
        var verdict = VerifyCheck(exercise: exercise, check: "requirement \(requirement.number) is tested: \"\(requirement.statement)\"",
                                  passed: false, details: [])
        guard !requirement.cases.isEmpty else {
            verdict.details = ["\(place): no case tests it: name the cases that do in `cases`, or write one"]
            return verdict
        }
        guard !requirement.mutants.isEmpty else {
            verdict.details = ["\(place): no mutant breaks it: write one in Mutants/ that breaks this requirement and nothing else, and name it in `mutants`"]
            return verdict
        }
        let linked = Set(requirement.cases)
        var caught: [String] = []
        var missed: [String] = []
        // Mutants listed here that pass every case listed here: the listing is wrong (they break
        // another requirement, or a case that catches them is missing from `cases`), and verify
        // runs every case of theirs, since what it waits for never comes.
        var misplaced: [String] = []
        for name in requirement.mutants {
            guard let result = results[name] else { continue }
            guard result.status == .failed || result.status == .passed else {
                missed.append("mutant \(name) was not graded (its own check says why), so it shows nothing")
                continue
            }
            // A case with no failure of its own was not run: the mutant had been caught already.
            let failing = result.cases.filter { $0.failure != nil && linked.contains($0.name) }.map { "\"\($0.name)\"" }
            if failing.isEmpty {
                let elsewhere = result.cases.filter { $0.failure != nil }.map { "\"\($0.name)\"" }
                misplaced.append("mutant \(name) passes the requirement's cases" + (elsewhere.isEmpty ? "" : " (it fails \(elsewhere.joined(separator: ", ")), which the requirement does not name)")
                                 + ": name a case of this requirement that catches it in `cases`, or list the mutant under the requirement it breaks")
            } else {
                caught.append("mutant \(name) fails \(failing.joined(separator: ", "))")
            }
        }
        verdict.passed = !caught.isEmpty && misplaced.isEmpty
        if caught.isEmpty {
            verdict.details = ["\(place): no mutant of it fails one of its cases"] + misplaced + missed
        } else if !misplaced.isEmpty {
            verdict.details = misplaced.map { "\(place): \($0)" } + caught + missed
        } else {
            verdict.details = caught + missed
        }
        return verdict
    }
}
