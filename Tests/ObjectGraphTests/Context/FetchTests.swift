import Foundation
import XCTest
@testable import ObjectGraph

final class FetchTests: XCTestCase {
    /// Twelve people with generated names, ages and cars, saved.
    private func populated(_ kind: StoreType) throws -> TestStack {
        let stack = try TestStack(kind)
        let names = ["ana", "Bea", "Émile", "carlos", "Dani", "eva", "Fer", "gema", "Hugo", "inés", "Juan", "kike"]
        var generator = SeededGenerator(seed: 42)
        let tags = ["driver", "owner", "new"].map { label -> Tag in
            let tag = Tag(context: stack.context)
            tag.label = label
            return tag
        }
        for (index, name) in names.enumerated() {
            let person = Person(context: stack.context)
            person.name = name
            person.age = Int16(18 + Int(generator.next() % 60))
            if index % 3 != 0 { person.email = "\(name.lowercased())@example.com" }
            for car in 0..<(index % 4) {
                let vehicle = Car(context: stack.context)
                vehicle.make = ["Seat", "Fiat", "Renault"][car % 3]
                vehicle.year = Int32(1995 + Int(generator.next() % 30))
                vehicle.owner = person
            }
            if index % 2 == 0 { person.mutableSetValue(forKey: "tags").add(tags[index % 3]) }
        }
        try stack.context.save()
        stack.context.reset()
        return stack
    }

    private let predicates: [(String, [Any?])] = [
        ("age > %d", [40]), ("age BETWEEN {30, 50}", []), ("name BEGINSWITH[c] %@", ["e"]), ("name CONTAINS[cd] %@", ["E"]),
        ("name LIKE %@", ["?a*"]), ("name MATCHES %@", ["[A-Z].*"]), ("email == nil", []), ("email != nil AND age < 40", []),
        ("NOT (name IN %@)", [["ana", "Bea"]]), ("ANY cars.make == %@", ["Seat"]), ("cars.@count >= 2", []),
        ("ALL cars.year > 2000", []), ("NONE cars.year < 2005", []), ("ANY tags.label == 'driver'", []),
        ("%K ENDSWITH 'a' OR age == 18", ["name"]), ("TRUEPREDICATE", []), ("FALSEPREDICATE", []),
    ]

    func testBothStoresFetchTheSamePeopleForEveryPredicateSortedCaseInsensitively() throws {
        let sqlite = try populated(.sqlite)
        let memory = try populated(.inMemory)
        for (format, arguments) in predicates {
            var results: [[String]] = []
            for stack in [sqlite, memory] {
                let request = Person.fetchRequest()
                request.predicate = GraphPredicate(format: format, argumentArray: arguments)
                request.sortDescriptors = [GraphSortDescriptor(key: "name", comparison: .caseInsensitive)]
                results.append(try stack.context.fetch(request).map { $0.name ?? "" })
                XCTAssertEqual(try stack.context.count(for: request), results.last!.count, format)
            }
            XCTAssertEqual(results[0], results[1], format)
        }
        let everyone = Person.fetchRequest()
        everyone.sortDescriptors = [GraphSortDescriptor(key: "name", comparison: .caseInsensitive)]
        XCTAssertEqual(try sqlite.context.fetch(everyone).compactMap(\.name).prefix(4), ["ana", "Bea", "carlos", "Dani"])
    }

    func testCarsAreFoundThroughTheirOwnersName() throws {
        for kind in [StoreType.sqlite, .inMemory] {
            let stack = try populated(kind)
            let request = Car.fetchRequest()
            request.predicate = GraphPredicate(format: "owner.name == %@", "gema")
            XCTAssertEqual(try stack.context.fetch(request).count, 3, "\(kind)")
        }
    }

    func testUnsavedChangesDecideWhatMatches() throws {
        for kind in [StoreType.sqlite, .inMemory] {
            let stack = try populated(kind)
            let context = stack.context
            let request = Car.fetchRequest()
            request.predicate = GraphPredicate(format: "owner.name == %@", "Gemma")
            XCTAssertEqual(try context.fetch(request).count, 0)

            // Renaming the owner, unsaved, makes the owner's (clean) cars match.
            let byName = Person.fetchRequest()
            byName.predicate = GraphPredicate(format: "name == 'gema'")
            let gema = try context.fetch(byName)[0]
            gema.name = "Gemma"
            XCTAssertEqual(try context.fetch(request).count, 3, "\(kind)")
            XCTAssertEqual(try context.count(for: request), 3, "\(kind)")

            let people = Person.fetchRequest()
            people.predicate = GraphPredicate(format: "name BEGINSWITH 'Gem'")
            let newcomer = Person(context: context)
            newcomer.name = "Gemma B."
            XCTAssertEqual(Set(try context.fetch(people).compactMap(\.name)), ["Gemma", "Gemma B."], "\(kind)")
            people.predicate = GraphPredicate(format: "name == 'gema'")
            XCTAssertEqual(try context.fetch(people), [], "\(kind)")
            people.includesPendingChanges = false
            XCTAssertEqual(try context.fetch(people), [gema], "the store alone still has gema, which reads as changed (\(kind))")
        }
    }

    func testLimitAndOffsetApplyAfterUnsavedChanges() throws {
        for kind in [StoreType.sqlite, .inMemory] {
            let stack = try populated(kind)
            let request = Person.fetchRequest()
            request.sortDescriptors = [GraphSortDescriptor(key: "name", comparison: .caseInsensitive)]
            request.fetchOffset = 1
            request.fetchLimit = 2
            XCTAssertEqual(try stack.context.fetch(request).compactMap(\.name), ["Bea", "carlos"], "\(kind)")
            let aaron = Person(context: stack.context)
            aaron.name = "Aaron"
            XCTAssertEqual(try stack.context.fetch(request).compactMap(\.name), ["ana", "Bea"], "\(kind)")
            XCTAssertEqual(try stack.context.count(for: request), 2, "\(kind)")
        }
    }

    func testDescendingSortsAndKeyPathsThroughToOne() throws {
        for kind in [StoreType.sqlite, .inMemory] {
            let stack = try populated(kind)
            let request = Car.fetchRequest()
            request.sortDescriptors = [GraphSortDescriptor(key: "owner.name", ascending: false), GraphSortDescriptor(key: "year")]
            let cars = try stack.context.fetch(request)
            let owners = cars.compactMap { $0.owner?.name }
            XCTAssertEqual(owners.first, "Émile", "code-point order puts É after every ASCII letter (\(kind))")
            XCTAssertEqual(owners.last, "Bea", "and uppercase before lowercase (\(kind))")
            let years = cars.filter { $0.owner?.name == "kike" }.map(\.year)
            XCTAssertEqual(years, years.sorted(), "\(kind)")
        }
    }
}
