import Foundation
import Testing
@testable import MutationKit

/// The mutant schema's text: each mutation behind its number, the original where none is on,
/// and the mutations it must leave to be built alone.
struct MutantSchemaTests {
    private func schema(_ source: String, only kinds: Set<MutationOperator>? = nil) -> MutantSchema {
        let mutants = MutantGenerator().mutants(of: source).filter { kinds?.contains($0.mutation.mutationOperator) ?? true }
        return MutantSchema(source: source, mutants: mutants)
    }

    /// The schema's text before its switch.
    private func body(_ schema: MutantSchema) -> String {
        String(schema.source[..<schema.source.range(of: "\n// The mutant schema's switch")!.lowerBound])
    }

    @Test func anOperatorIsAChoiceOfTheWholeExpressionItJoins() {
        let result = schema("func f(a: Int, b: Int) -> Bool {\n    a + b * 2 < 10\n}\n", only: [.relational, .arithmetic])
        // `<` joins `a + b * 2` and `10`; `+` joins `a` and `b * 2`; `*` joins `b` and `2`.
        #expect(body(result) == """
            func f(a: Int, b: Int) -> Bool {
                (__graderMutant(3) ? (a + b * 2 <= 10) : ((__graderMutant(1) ? (a - b * 2) : (a + (__graderMutant(2) ? (b / 2) : (b * 2)))) < 10))
            }

            """)
        #expect(result.numbers == ["L2-arithmetic-1": 1, "L2-arithmetic-2": 2, "L2-relational-1": 3])
        #expect(result.leftOut.isEmpty)
    }

    @Test func eachMutantSeesTheOriginalAroundItsChange() {
        // The mutated branch is the original text with one change: no other mutant's choice in it.
        let result = schema("func f(a: Int) -> Int {\n    return a * size(3, of: a)\n}\n", only: [.arithmetic, .integerLiteral])
        #expect(body(result).contains(
            "return (__graderMutant(1) ? (a / size(3, of: a)) : (a * size((__graderMutant(2) ? (2) : __graderMutant(3) ? (4) : (3)), of: a)))"))
    }

    @Test func aStatementLeftOutIsBehindAnIf() {
        let source = """
            func save(_ store: Store) throws {
                store.touch()
                try store.save()
            }

            """
        let result = schema(source, only: [.removedCall])
        #expect(body(result) == """
            func save(_ store: Store) throws {
                if !__graderMutant(1) { store.touch() }
                if !__graderMutant(2) { try store.save() }
            }

            """)
    }

    @Test func aBlocksOnlyStatementIsLeftOutOnlyWhereItIsNoValue() {
        let source = """
            func name(_ store: Store) -> String {
                store.name()
            }
            func touch(_ store: Store) {
                store.touch()
            }
            func each(_ store: Store) {
                let names = store.items.map { store.rename($0) }
                for item in names {
                    store.update(item)
                }
                if names.isEmpty {
                    store.clear()
                }
            }
            var size: Int {
                compute()
            }
            func pick(_ store: Store, _ kind: Kind) {
                switch kind {
                case .one: store.first()
                case .two:
                    store.touch()
                    store.second()
                }
            }

            """
        let result = schema(source, only: [.removedCall])
        // Kept out: a function's result, a closure's, a getter's, a `case`'s only statement (a
        // `case` without one does not compile).
        #expect(Set(result.leftOut) == ["L2-removed-call-1", "L8-removed-call-1", "L17-removed-call-1", "L21-removed-call-1"])
        #expect(Set(result.numbers.keys) == ["L5-removed-call-1", "L10-removed-call-1", "L13-removed-call-1",
                                             "L23-removed-call-1", "L24-removed-call-1"])
    }

    @Test func whatMustStayAsWrittenIsLeftOut() {
        let source = """
            enum Key: String {
                case name = "full_name"
            }
            struct Person {
                var name: String
                var age: Int
                init(name: String) {
                    self.name = name
                    self.age = 1
                }
            }
            func wait() -> Int {
                while true {
                    return 1
                }
            }
            func kind(_ value: Pair) -> Int {
                if case .pair(let a, let b) = value { return a }
                return 0
            }

            """
        let result = schema(source)
        // The raw value, the initializer's assignments, `while true`, the pattern's swap.
        for name in ["L2-string-literal-1", "L8-removed-assignment-1", "L9-removed-assignment-1",
                     "L13-boolean-literal-1", "L13-negated-condition-1"] {
            #expect(result.leftOut.contains(name), "\(name) should be left out")
        }
        // A literal inside the initializer is still a choice.
        #expect(result.numbers["L9-integer-literal-1"] != nil)
        #expect(!body(result).contains("case (__graderMutant"))
    }

    @Test func aClosuresStatementThatTypesItOrMayBecomeItsResultIsLeftOut() {
        let source = """
            func f(_ values: [Int], _ log: Log) -> Int {
                var count = 0
                values.forEach {
                    log.append($0)
                    count += 1
                    log.flush()
                }
                let add = { x in
                    log.total(x)
                    log.bump()
                    log.flush()
                }
                let work = {
                    log.note()
                    compute()
                }
                return count
            }

            """
        let result = schema(source, only: [.removedCall])
        // `$0`'s only use, an untyped parameter's only use, and one of two statements.
        #expect(Set(result.leftOut) == ["L4-removed-call-1", "L9-removed-call-1", "L14-removed-call-1", "L15-removed-call-1"])
        #expect(Set(result.numbers.keys) == ["L3-removed-call-1", "L6-removed-call-1", "L10-removed-call-1", "L11-removed-call-1"])
    }

    @Test func aLiteralTheCompilerChecksWithItsNeighboursKeepsThem() {
        // Alone, `total / 0` and `UInt8(256)` do not compile; the site keeps them checked.
        let result = schema("func f(_ total: Int) -> Int {\n    total / 1 + Int(UInt8(255))\n}\n", only: [.integerLiteral])
        #expect(body(result).contains("(__graderMutant(1) ? (total / 0) : __graderMutant(2) ? (total / 2) : (total / 1))"))
        #expect(body(result).contains("(__graderMutant(3) ? (UInt8(254)) : __graderMutant(4) ? (UInt8(256)) : (UInt8(255)))"))
    }

    @Test func aLiteralATypeConvertsAndAnOptionalChainStayWhole() {
        let source = """
            func f(_ box: Box?) -> Any {
                let scalar = Unicode.Scalar("a")
                return box?.pair(1, 2).map { "\\($0)" } as Any
            }

            """
        let result = schema(source, only: [.stringLiteral, .swappedArguments])
        // `Unicode.Scalar((choice))` would call the failable `init?(String)`.
        #expect(result.leftOut.contains("L2-string-literal-1"))
        // The swap's site is the whole chain, not `box?.pair(1, 2)` (parentheses would end it).
        #expect(body(result).contains("(__graderMutant(2) ? (box?.pair(2, 1).map { \"\\($0)\" }) : (box?.pair(1, 2).map { \"\\($0)\" }))"))
    }

    @Test func aResultBuildersStatementsStay() {
        let source = """
            @Lines func page() -> [String] {
                tag("a")
                tag("b")
            }

            """
        #expect(schema(source, only: [.removedCall]).numbers.isEmpty)
    }

    @Test func aNegativeLiteralKeepsItsSign() {
        let result = schema("let transient = unsafeBitCast(-1, to: Int.self)\n", only: [.integerLiteral])
        #expect(body(result) == "let transient = unsafeBitCast((__graderMutant(1) ? (-0) : (-1)), to: Int.self)\n")
    }

    @Test func eachSiteSaysWhereItIsInTheSchema() {
        let source = "func f(a: Int) -> Bool {\n    if a > 2 { return true }\n    return false\n}\n"
        let result = schema(source)
        let bytes = Array(result.source.utf8)
        for site in result.sites {
            let text = String(decoding: bytes[site.start..<site.end], as: UTF8.self)
            for number in site.mutants.values {
                #expect(text.contains("__graderMutant(\(number))"), "\(text)")
            }
        }
        #expect(Set(result.sites.flatMap(\.mutants.keys)) == Set(result.numbers.keys))
    }

    @Test func theSwitchReadsItsNumberFromTheMarker() {
        let result = schema("let limit = 3\n")
        #expect(result.source.contains("private let __graderMutantSlot: StaticString = \"GRADER-MUTANT-SCHEMA-SLOT:000000\""))
        #expect(result.source.components(separatedBy: MutantSchema.slotPrefix).count == 2)
    }
}
