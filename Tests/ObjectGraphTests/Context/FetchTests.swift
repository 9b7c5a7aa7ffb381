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

    /// Prefetching changes the queries, never the answers: with unsaved changes to both sides of
    /// a one-to-many and a many-to-many relationship, and through a path of two.
    func testPrefetchedRelationshipsHoldWhatTheyWouldHoldLoadedOneByOne() throws {
        func describe(_ people: [Person]) -> [String] {
            people.map { person in
                let cars = person.cars.map { "\($0.make ?? "") of \($0.owner?.name ?? "nobody")" }.sorted()
                let tags = person.tags.map { "\($0.label ?? ""): \($0.people.count)" }.sorted()
                return "\(person.name ?? ""): \(cars) \(tags)"
            }
        }
        for kind in [StoreType.sqlite, .inMemory] {
            var answers: [[String]] = []
            for prefetching in [false, true] {
                let stack = try populated(kind)
                let context = stack.context
                let everyone = Person.fetchRequest()
                everyone.sortDescriptors = [GraphSortDescriptor(key: "name")]
                let people = try context.fetch(everyone)
                // Unsaved: a car changes owner, a tag is taken and another given, a car and a
                // person are new, a person and a car are deleted.
                let dani = try XCTUnwrap(people.first { $0.name == "Dani" })
                let kike = try XCTUnwrap(people.first { $0.name == "kike" })
                let firstOfKike = try XCTUnwrap(kike.cars.min { $0.year < $1.year })
                firstOfKike.owner = dani
                let tag = try XCTUnwrap(dani.tags.first)
                dani.mutableSetValue(forKey: "tags").remove(tag)
                kike.mutableSetValue(forKey: "tags").add(tag)
                let newCar = Car(context: context)
                newCar.make = "Cupra"
                newCar.owner = kike
                let zoe = Person(context: context)
                zoe.name = "Zoe"
                context.delete(try XCTUnwrap(people.first { $0.name == "Hugo" }))
                context.delete(try XCTUnwrap(people.first { $0.name == "carlos" }?.cars.min { ($0.make ?? "") < ($1.make ?? "") }))
                // Every saved person forgotten, with its own side of those changes: its relationships
                // load again, and the changed cars and tags on the other side decide.
                for object in context.registeredObjects where object is Person && !object.isInserted && !object.isDeleted {
                    context.refresh(object, mergeChanges: false)
                }

                let request = Person.fetchRequest()
                request.sortDescriptors = [GraphSortDescriptor(key: "name")]
                if prefetching { request.relationshipKeyPathsForPrefetching = ["cars", "tags.people", "cars.owner"] }
                answers.append(describe(try context.fetch(request)))
            }
            XCTAssertEqual(answers[1], answers[0], "\(kind)")
            XCTAssertTrue(answers[0].contains { $0.hasPrefix("Zoe: []") }, "\(kind): \(answers[0])")
            XCTAssertFalse(answers[0].contains { $0.hasPrefix("Hugo") }, "\(kind)")
            XCTAssertTrue(answers[0].contains("Dani: [\"Seat of Dani\"] []"), "kike's Seat moved, the tag taken (\(kind)): \(answers[0])")
        }
    }
}
