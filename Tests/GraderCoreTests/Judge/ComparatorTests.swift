import ExerciseKit
import Testing
@testable import GraderCore

struct ComparatorTests {
    private func value(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    @Test func equalValuesHaveNoMismatch() throws {
        let a = try value(#"{"model":"Seat","speed":120,"tags":["a","b"]}"#)
        let b = try value(#"{"tags":["a","b"],"speed":120,"model":"Seat"}"#)
        #expect(Comparator.compare(expected: a, actual: b) == nil)
    }

    @Test func reportsThePathToTheFirstDifference() throws {
        let expected = try value(#"{"cars":[{"model":"Seat"},{"model":"Fiat"}]}"#)
        let actual = try value(#"{"cars":[{"model":"Seat"},{"model":"Punto"}]}"#)
        let mismatch = try #require(Comparator.compare(expected: expected, actual: actual))
        #expect(mismatch.path == "$.cars[1].model")
        #expect(mismatch.summary == #"expected "Fiat", got "Punto""#)
    }

    @Test func numbersWithinToleranceAgreeAndIntsEqualDoubles() throws {
        #expect(Comparator.compare(expected: .double(0.1 + 0.2), actual: .double(0.3)) == nil)
        #expect(Comparator.compare(expected: .int(3), actual: .double(3.0)) == nil)
        #expect(Comparator.compare(expected: .double(1.0), actual: .double(1.01)) != nil)
        let loose = ComparisonOptions(tolerance: 0.05)
        #expect(Comparator.compare(expected: .double(1.0), actual: .double(1.01), options: loose) == nil)
    }

    @Test func integersAreComparedExactlyUnlessTheCaseGivesATolerance() throws {
        // 2^53 + 1 and 2^53 are one Double: within the tolerance they would agree.
        let mismatch = try #require(Comparator.compare(expected: .int(9_007_199_254_740_993), actual: .int(9_007_199_254_740_992)))
        #expect(mismatch.summary == "expected 9007199254740993, got 9007199254740992")
        #expect(Comparator.compare(expected: .int(Int.max - 1), actual: .int(Int.max)) != nil)
        #expect(Comparator.compare(expected: .int(-7), actual: .int(-7)) == nil)
        let loose = ComparisonOptions(tolerance: 2)
        #expect(Comparator.compare(expected: .int(100), actual: .int(101), options: loose) == nil)
    }

    @Test func numberTypesKeepIntegersApartFromFractionalNumbers() throws {
        let typed = ComparisonOptions(numberTypes: true)
        let mismatch = try #require(Comparator.compare(expected: .object(["v": .double(3)]), actual: .object(["v": .int(3)]), options: typed))
        #expect(mismatch.path == "$.v")
        #expect(mismatch.summary == "expected a fractional number 3.0, got an integer 3")
        #expect(Comparator.compare(expected: .int(2), actual: .double(2), options: typed)?.summary
                == "expected an integer 2, got a fractional number 2.0")
        // Same types still compare as numbers, within the tolerance.
        #expect(Comparator.compare(expected: .double(0.1 + 0.2), actual: .double(0.3), options: typed) == nil)
        #expect(Comparator.compare(expected: .int(4), actual: .int(4), options: typed) == nil)
        #expect(Comparator.compare(expected: .int(4), actual: .int(5), options: typed) != nil)
    }

    @Test func arraysAreOrderedUnlessAskedOtherwise() throws {
        let expected = try value("[1, 2, 3]")
        let shuffled = try value("[3, 1, 2]")
        #expect(Comparator.compare(expected: expected, actual: shuffled)?.path == "$[0]")
        let unordered = ComparisonOptions(unordered: true)
        #expect(Comparator.compare(expected: expected, actual: shuffled, options: unordered) == nil)
        let mismatch = Comparator.compare(expected: expected, actual: try value("[3, 1, 1]"), options: unordered)
        #expect(mismatch?.summary == "no element equal to 2 (order ignored)")
    }

    @Test func missingAndExtraMembersAreNamed() throws {
        let expected = try value(#"{"a":1,"b":2}"#)
        #expect(Comparator.compare(expected: expected, actual: try value(#"{"a":1}"#))?.summary == #"missing member "b""#)
        #expect(Comparator.compare(expected: expected, actual: try value(#"{"a":1,"b":2,"c":3}"#))?.path == "$.c")
    }

    @Test func differentKindsAreAMismatchAtTheRoot() throws {
        let mismatch = try #require(Comparator.compare(expected: .string("5"), actual: .int(5)))
        #expect(mismatch.path == "$")
        #expect(mismatch.summary == #"expected a string "5", got a number 5"#)
        #expect(Comparator.compare(expected: .string("Seat"), actual: .null)?.summary == #"expected a string "Seat", got null"#)
        #expect(Comparator.compare(expected: .null, actual: .bool(false)) != nil)
    }

    @Test func arrayLengthDifferenceIsReported() throws {
        let mismatch = Comparator.compare(expected: try value("[1,2]"), actual: try value("[1,2,3]"))
        #expect(mismatch?.summary == "expected 2 elements, got 3")
    }
}
