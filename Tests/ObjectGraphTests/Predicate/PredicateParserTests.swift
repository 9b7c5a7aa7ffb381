import Foundation
import XCTest

@testable import ObjectGraph

final class PredicateParserTests: XCTestCase {
    private func format(_ text: String, _ arguments: Any?...) throws -> String {
        try GraphPredicate.parse(text, arguments: arguments).description
    }

    private func syntaxError(_ text: String, _ arguments: Any?..., file: StaticString = #filePath, line: UInt = #line) -> PredicateSyntaxError? {
        do {
            let predicate = try GraphPredicate.parse(text, arguments: arguments)
            XCTFail("parsed as \(predicate)", file: file, line: line)
            return nil
        } catch let error as PredicateSyntaxError {
            return error
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    func testComparisonOperatorsAreNormalized() throws {
        XCTAssertEqual(try format("age == 3"), "age == 3")
        XCTAssertEqual(try format("age = 3"), "age == 3")
        XCTAssertEqual(try format("age != 3"), "age != 3")
        XCTAssertEqual(try format("age <> 3"), "age != 3")
        XCTAssertEqual(try format("age < 3"), "age < 3")
        XCTAssertEqual(try format("age <= 3"), "age <= 3")
        XCTAssertEqual(try format("age =< 3"), "age <= 3")
        XCTAssertEqual(try format("age > 3"), "age > 3")
        XCTAssertEqual(try format("age >= 3"), "age >= 3")
        XCTAssertEqual(try format("age => 3"), "age >= 3")
        XCTAssertEqual(try format("age>=-3"), "age >= -3")
    }

    func testStringOperatorsAndOptions() throws {
        XCTAssertEqual(try format("name beginswith 'A'"), "name BEGINSWITH \"A\"")
        XCTAssertEqual(try format("name ENDSWITH[c] 'a'"), "name ENDSWITH[c] \"a\"")
        XCTAssertEqual(try format("name CONTAINS[d] 'e'"), "name CONTAINS[d] \"e\"")
        XCTAssertEqual(try format("name LIKE[cd] 'a*?'"), "name LIKE[cd] \"a*?\"")
        XCTAssertEqual(try format("name MATCHES '[A-Z].*'"), "name MATCHES \"[A-Z].*\"")
        XCTAssertEqual(try format("name ==[c] 'bob'"), "name ==[c] \"bob\"")
        XCTAssertEqual(try format("name !=[dc] 'bob'"), "name !=[cd] \"bob\"")
    }

    func testLiterals() throws {
        XCTAssertEqual(try format(#"name == "say \"hi\"\n""#), #"name == "say \"hi\"\n""#.replacingOccurrences(of: "\\n", with: "\n"))
        XCTAssertEqual(try format(#"name == 'it\'s \u00e9'"#), "name == \"it's é\"")
        XCTAssertEqual(try format("height > 1.75"), "height > 1.75")
        XCTAssertEqual(try format("isMember == TRUE OR isMember == yes"), "isMember == YES OR isMember == YES")
        XCTAssertEqual(try format("isMember == false OR isMember == NO"), "isMember == NO OR isMember == NO")
        XCTAssertEqual(try format("nickname == nil OR nickname == NULL"), "nickname == nil OR nickname == nil")
        XCTAssertEqual(try format("truepredicate"), "TRUEPREDICATE")
        XCTAssertEqual(try format("FALSEPREDICATE OR TRUEPREDICATE"), "FALSEPREDICATE OR TRUEPREDICATE")
    }

    func testPrecedenceNotThenAndThenOr() throws {
        XCTAssertEqual(try format("a == 1 OR b == 2 AND c == 3"), "a == 1 OR (b == 2 AND c == 3)")
        XCTAssertEqual(try format("a == 1 AND b == 2 OR c == 3"), "(a == 1 AND b == 2) OR c == 3")
        XCTAssertEqual(try format("(a == 1 || b == 2) && c == 3"), "(a == 1 OR b == 2) AND c == 3")
        XCTAssertEqual(try format("NOT a == 1 AND b == 2"), "NOT a == 1 AND b == 2")
        XCTAssertEqual(try format("!(a == 1 AND b == 2)"), "NOT (a == 1 AND b == 2)")
        XCTAssertEqual(try format("a == 1 and b == 2 and c == 3"), "a == 1 AND b == 2 AND c == 3")
        // Precedence decides evaluation, not only the text.
        let predicate = GraphPredicate(format: "a == 1 OR b == 2 AND c == 3")
        XCTAssertTrue(predicate.evaluate(with: ["a": 1, "b": 0, "c": 0]))
        XCTAssertFalse(predicate.evaluate(with: ["a": 0, "b": 2, "c": 0]))
    }

    func testInBetweenAggregatesAndModifiers() throws {
        XCTAssertEqual(try format("name IN {'a', \"b\"}"), "name IN {\"a\", \"b\"}")
        XCTAssertEqual(try format("age IN %@", [1, 2]), "age IN {1, 2}")
        XCTAssertEqual(try format("age BETWEEN {18, 30}"), "age BETWEEN {18, 30}")
        XCTAssertEqual(try format("age between %@", [18, 30]), "age BETWEEN {18, 30}")
        XCTAssertEqual(try format("ANY cars.year > 2000"), "ANY cars.year > 2000")
        XCTAssertEqual(try format("some cars.year > 2000"), "ANY cars.year > 2000")
        XCTAssertEqual(try format("ALL cars.year > 2000"), "ALL cars.year > 2000")
        XCTAssertEqual(try format("NONE cars.make == 'Fiat'"), "NONE cars.make == \"Fiat\"")
        XCTAssertEqual(try format("cars.@count >= 2"), "cars.@count >= 2")
        XCTAssertEqual(try format("owner.cars.@count == 0"), "owner.cars.@count == 0")
        XCTAssertEqual(try format("#and == 1"), "and == 1")
    }

    func testSubstitutions() throws {
        XCTAssertEqual(try format("%K == %@", "owner.name", "Bob"), "owner.name == \"Bob\"")
        XCTAssertEqual(try format("%K.@count > %d", "cars", 1), "cars.@count > 1")
        XCTAssertEqual(try format("age > %d AND age < %i", 1, Int16(9)), "age > 1 AND age < 9")
        XCTAssertEqual(try format("age > %ld OR age < %lld OR age == %u", Int64(1), 2, UInt8(3)), "age > 1 OR age < 2 OR age == 3")
        XCTAssertEqual(try format("height > %f AND height < %lf", 1.5, 2), "height > 1.5 AND height < 2.0")
        XCTAssertEqual(try format("nickname == %@", nil), "nickname == nil")
        XCTAssertEqual(try format("isMember == %@", true), "isMember == YES")
        XCTAssertEqual(try format("name == '%@'"), "name == \"%@\"")
        XCTAssertEqual(try format("data == %@", Data([1, 255])), "data == <01ff>")
        XCTAssertEqual(
            try format("birthday > %@", Date(timeIntervalSinceReferenceDate: 10)), "birthday > CAST(10.000000, \"NSDate\")")
        let predicate = GraphPredicate(format: "name == %@ AND age == %d", "Ann", 3)
        XCTAssertTrue(predicate.evaluate(with: ["name": "Ann", "age": Int16(3)]))
    }

    func testCompoundBuilders() {
        let a = GraphPredicate(format: "a == 1")
        let b = GraphPredicate(format: "b == 2 OR c == 3")
        XCTAssertEqual(GraphPredicate.and([a, b]).description, "a == 1 AND (b == 2 OR c == 3)")
        XCTAssertEqual(GraphPredicate.or([a, .not(b)]).description, "a == 1 OR NOT (b == 2 OR c == 3)")
        XCTAssertEqual(GraphPredicate.and([]).description, "TRUEPREDICATE")
        XCTAssertTrue(GraphPredicate.and([]).evaluate(with: nil))
        XCTAssertFalse(GraphPredicate.or([]).evaluate(with: nil))
        XCTAssertEqual(GraphPredicate(value: false).description, "FALSEPREDICATE")
    }

    func testSyntaxErrorsNameTheColumn() {
        let cases: [(String, [Any?], Int, String)] = [
            ("age ==", [], 7, "expected a value after `==`"),
            ("age == AND b == 1", [], 8, "expected a value after `==`"),
            ("name == 'Bob", [], 9, "unterminated string"),
            ("name IS 'Bob'", [], 6, "unknown operator `IS`"),
            ("name", [], 5, "expected an operator after `name`"),
            ("name == %@ AND age > %d", ["x"], 22, "missing argument for %d"),
            ("name == %@", [], 9, "missing argument for %@"),
            ("(a == 1", [], 8, "expected `)` to close the `(` at column 1"),
            ("a == 1 b == 2", [], 8, "expected AND, OR or the end of the format string, found `b`"),
            ("a < [c] 1", [], 5, "only follow string operators"),
            ("name ==[x] 'a'", [], 9, "unknown option `x`"),
            ("name == %x", [], 9, "unknown format specifier `%x`"),
            ("name ~ 'a'", [], 6, "unexpected character `~`"),
            ("age IN 3", [], 8, "IN needs an array"),
            ("age BETWEEN {1}", [], 13, "BETWEEN needs two bounds"),
            ("cars.@sum > 1", [], 1, "only `@count`"),
            ("ANY 3 > 1", [], 5, "ANY needs a key path"),
            ("", [], 1, "the format string is empty"),
            ("%K == 1", [3], 1, "%K needs a key path string"),
            ("age > %d", ["x"], 7, "%d needs an integer"),
            ("a == #", [], 6, "`#` must be followed by a key"),
            ("# == 1", [], 1, "`#` must be followed by a key"),
        ]
        for (text, arguments, column, message) in cases {
            do {
                _ = try GraphPredicate.parse(text, arguments: arguments)
                XCTFail("\(text) parsed")
            } catch let error as PredicateSyntaxError {
                XCTAssertEqual(error.column, column, "\(text): \(error.message)")
                XCTAssertTrue(error.message.contains(message), "\(text): \(error.message)")
                XCTAssertEqual(error.format, text)
            } catch {
                XCTFail("\(error)")
            }
        }
    }

    func testErrorDescriptionIsCoreDataExceptionReason() {
        let error = syntaxError("age >")
        XCTAssertEqual(error?.description, "Unable to parse the format string \"age >\" at column 6: expected a value after `>`")
    }

    func testColumnsCountCharactersNotBytes() {
        XCTAssertEqual(syntaxError("name == 'Émile' age")?.column, 17)
    }
}
