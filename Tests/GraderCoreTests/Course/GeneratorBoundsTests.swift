import ExerciseKit
import Foundation
import Testing
@testable import GraderCore

/// A generator whose range cannot be drawn from, or whose values could grow without bound, is
/// a located problem in `exercise.yml`, never a crash or a run that fills the memory.
struct GeneratorBoundsTests {
    private func problems(values: String) throws -> [CourseProblem] {
        try Self.problems(values: values)
    }

    /// The problems of an exercise whose one generated case draws `values` (YAML, one
    /// variable per line; the steps use `$x`). Shared with ``EdgeVocabularyTests``.
    static func problems(values: String) throws -> [CourseProblem] {
        let yaml = CourseLoaderTests.validExercise + """

              - name: generated
                generate:
                  values:
                    \(values)
                steps:
                  - call: take
                    args: {x: $x}
            """
        let temporary = try TemporaryCourse(files: [
            "grader.yml": CourseLoaderTests.manifest,
            "Exercises/01-basics/01-one/exercise.yml": yaml,
        ])
        return try CourseLoader().load(root: temporary.root).problems.filter { $0.file.hasSuffix("exercise.yml") }
    }

    @Test func aDoubleRangeWiderThanADoubleIsRefused() throws {
        // Drawing from -1e308...1e308 crashed the grader: their distance is infinite.
        let wide = try problems(values: "x: {type: double, min: -1e308, max: 1e308}")
        #expect(wide.first?.field == "cases[1].generate.values.x.max")
        #expect(wide.first?.line == 12)
        #expect(wide.first?.message.contains("max - min must be a finite number") == true)
        let infinite = try problems(values: "x: {type: double, min: -.inf}")
        #expect(infinite.first?.field == "cases[1].generate.values.x.min")
        let notANumber = try problems(values: "x: {type: double, max: .nan}")
        #expect(notANumber.first?.field == "cases[1].generate.values.x.max")
        #expect(notANumber.first?.message.contains("a finite number") == true)
    }

    @Test func valuesThatCouldExplodeAreRefused() throws {
        // Ten thousand lists of ten thousand strings of ten thousand characters: 10^12 characters.
        let nested = try problems(values: """
            x: {type: array, max_length: 10000, of: {type: array, max_length: 10000, of: {type: string, max_length: 10000}}}
            """)
        let problem = try #require(nested.first)
        #expect(problem.field?.hasPrefix("cases[1].generate.values.x") == true)
        #expect(problem.line == 12)
        #expect(problem.message.contains("at most 1000000"), "\(problem.message)")
        // The innermost list that goes over is named.
        let deep = try problems(values: "x: " + String(repeating: "{type: array, max_length: 10000, of: ", count: 6)
                                    + "{type: int}" + String(repeating: "}", count: 6))
        #expect(deep.first?.field == "cases[1].generate.values.x.of.of.of.of.max_length", "\(deep)")
        // Sizes saturate instead of overflowing.
        let huge = ValueGenerator.array(.array(.string(alphabet: ["a"], minLength: 0, maxLength: .max), minLength: 0, maxLength: .max),
                                        minLength: 0, maxLength: .max)
        #expect(huge.largestSize == .max)
        let dictionary = try problems(values: """
            x: {type: dictionary, max_length: 10000, keys: {type: string, max_length: 10000}, of: {type: int}}
            """)
        #expect(dictionary.first?.message.contains("elements and characters") == true)
    }

    @Test func theWidestAllowedRangesAndSizesDrawAndShrink() throws {
        let spec = InputSpec(seed: 3, count: 40, variables: [
            .init(name: "d", generator: .double(min: -1e300, max: 1e300)),
            .init(name: "i", generator: .int(min: .min, max: .max)),
            .init(name: "s", generator: .array(.string(alphabet: ["a"], minLength: 0, maxLength: 9), minLength: 0, maxLength: 999)),
        ])
        for variable in spec.variables { #expect(variable.generator.largestSize <= ValueGenerator.sizeLimit) }
        for index in 0..<spec.count {
            let input = InputGenerator.input(spec, index: index)
            guard case .double(let number)? = input["d"], case .array(let strings)? = input["s"] else {
                Issue.record("unexpected shapes")
                return
            }
            #expect(number.isFinite && abs(number) <= 1e300)
            #expect(strings.count <= 999)
            for variable in spec.variables {
                for simpler in InputGenerator.simpler(input[variable.name]!, variable.generator).prefix(4) {
                    if case .double(let smaller) = simpler { #expect(smaller.isFinite) }
                }
            }
        }
    }

    @Test func yamlValuesAreFiniteNumbers() throws {
        let temporary = try TemporaryCourse(files: [
            "grader.yml": CourseLoaderTests.manifest,
            "Exercises/01-basics/01-one/exercise.yml": CourseLoaderTests.validExercise
                .replacingOccurrences(of: "expect: 0", with: "args: {ratio: [1, .nan]}\n        expect: 0"),
        ])
        let found = try CourseLoader().load(root: temporary.root).problems.filter { $0.file.hasSuffix("exercise.yml") }
        #expect(found.first?.field == "cases[0].steps[0].args.ratio[1]")
        #expect(found.first?.message.contains("JSON has no NaN or infinity") == true)
        try temporary.write("Exercises/01-basics/01-one/exercise.yml", CourseLoaderTests.validExercise
            .replacingOccurrences(of: "expect: 0", with: "expect_error: {type: E, value: [.inf]}"))
        let pattern = try CourseLoader().load(root: temporary.root).problems.filter { $0.file.hasSuffix("exercise.yml") }
        #expect(pattern.first?.field == "cases[0].steps[0].expect_error.value")
    }
}
