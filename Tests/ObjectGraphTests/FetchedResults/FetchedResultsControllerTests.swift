import Foundation
import XCTest
@testable import ObjectGraph

/// Writes down every delegate call as text, and fails the running test when a new index path
/// does not already point at the reported object while changes are reported.
private final class ChangeRecorder: FetchedResultsControllerDelegate {
    var events: [String] = []

    func controllerWillChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) { events.append("will") }

    func controller(
        _ controller: FetchedResultsController<FetchRequestResult>, didChange anObject: Any, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        let car = anObject as! Car
        events.append("\(type) \(car.make ?? "nil") \(text(indexPath)) \(text(newIndexPath))")
        if let newIndexPath, controller.object(at: newIndexPath) !== car {
            XCTFail("object(at: \(text(newIndexPath))) is not \(car.make ?? "nil")")
        }
    }

    func controller(
        _ controller: FetchedResultsController<FetchRequestResult>, didChange sectionInfo: FetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType
    ) {
        events.append("section \(type) \(sectionIndex) \(sectionInfo.name)")
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController<FetchRequestResult>) { events.append("did") }

    /// The events so far, forgotten for the next step.
    func take() -> [String] {
        defer { events = [] }
        return events
    }

    private func text(_ indexPath: IndexPath?) -> String {
        indexPath.map { "[\($0.section),\($0.item)]" } ?? "-"
    }
}

final class FetchedResultsControllerTests: XCTestCase {
    /// Ana with a Fiat (2000) and a Seat (2005), Bruno with an Audi (2010), saved.
    private func garage(_ context: ManagedObjectContext) throws -> (ana: Person, bruno: Person) {
        let ana = Person(context: context)
        ana.name = "Ana"
        let bruno = Person(context: context)
        bruno.name = "Bruno"
        for (make, year, owner) in [("Fiat", 2000, ana), ("Seat", 2005, ana), ("Audi", 2010, bruno)] {
            let car = Car(context: context)
            car.make = make
            car.year = Int32(year)
            car.owner = owner
        }
        try context.save()
        return (ana, bruno)
    }

    /// Cars in sections by their owner's name, each section by make.
    private func carsByOwner(_ context: ManagedObjectContext, predicate: GraphPredicate? = nil) -> FetchedResultsController<Car> {
        let request = Car.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "owner.name"), GraphSortDescriptor(key: "make")]
        request.predicate = predicate
        return FetchedResultsController(fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: "owner.name", cacheName: nil)
    }

    /// ``carsByOwner(_:predicate:)`` fetched, with a recorder as its delegate. Keep the recorder:
    /// the controller holds its delegate weakly.
    private func recordedCarsByOwner(
        _ context: ManagedObjectContext, predicate: GraphPredicate? = nil
    ) throws -> (controller: FetchedResultsController<Car>, recorder: ChangeRecorder) {
        let controller = carsByOwner(context, predicate: predicate)
        let recorder = ChangeRecorder()
        controller.delegate = recorder
        try controller.performFetch()
        return (controller, recorder)
    }

    /// The car of that make. Its fetch processes pending changes, so the controller hears of
    /// them then: look cars up before the changes meant to be reported together.
    private func car(_ make: String, in context: ManagedObjectContext) throws -> Car {
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "make == %@", make)
        return try XCTUnwrap(context.fetch(request).first)
    }

    // MARK: Sections

    func testSectionsByAKeyPathThroughAToOneRelationship() throws {
        try onBothStores { stack in
            let context = stack.context
            _ = try garage(context)
            let ownerless = Car(context: context)
            ownerless.make = "Mini"
            try context.save()

            let controller = carsByOwner(context)
            XCTAssertNil(controller.fetchedObjects, "nothing before performFetch")
            XCTAssertNil(controller.sections)
            try controller.performFetch()

            let sections = try XCTUnwrap(controller.sections)
            XCTAssertEqual(sections.map(\.name), ["", "Ana", "Bruno"], "nil owner first, named \"\" (\(stack.kind))")
            XCTAssertEqual(sections.map(\.numberOfObjects), [1, 2, 1])
            XCTAssertEqual(sections.map(\.indexTitle), [nil, "A", "B"])
            XCTAssertEqual(sections[1].objects?.map { ($0 as! Car).make }, ["Fiat", "Seat"])
            XCTAssertEqual(controller.sectionIndexTitles, ["A", "B"])
            XCTAssertEqual(controller.section(forSectionIndexTitle: "B", at: 1), 2)
            XCTAssertEqual(controller.fetchedObjects?.map(\.make), ["Mini", "Fiat", "Seat", "Audi"])

            let seat = controller.object(at: IndexPath(item: 1, section: 1))
            XCTAssertEqual(seat.make, "Seat")
            XCTAssertEqual(controller.indexPath(forObject: seat), IndexPath(item: 1, section: 1))
            XCTAssertEqual(controller.indexPath(forObject: seat)?.row, 1)
            let elsewhere = Car(context: context)
            XCTAssertNil(controller.indexPath(forObject: elsewhere), "not fetched")
        }
    }

    func testWithoutASectionKeyPathThereIsOneSection() throws {
        try onBothStores { stack in
            let request = Car.fetchRequest()
            request.sortDescriptors = [GraphSortDescriptor(key: "year", ascending: false)]
            let controller = FetchedResultsController(fetchRequest: request, managedObjectContext: stack.context, sectionNameKeyPath: nil, cacheName: "Cars")
            try controller.performFetch()
            XCTAssertEqual(controller.sections?.count, 1, "one section even with no objects (\(stack.kind))")
            XCTAssertEqual(controller.sections?.first?.numberOfObjects, 0)

            _ = try garage(stack.context)
            try controller.performFetch()
            XCTAssertEqual(controller.sections?.map(\.name), [""])
            XCTAssertEqual(controller.fetchedObjects?.map(\.year), [2010, 2005, 2000])
            XCTAssertEqual(controller.sectionIndexTitles, [])
        }
    }

    // MARK: Errors

    func testPerformFetchWithoutSortDescriptorsFails() throws {
        try onBothStores { stack in
            let controller = FetchedResultsController(fetchRequest: Car.fetchRequest(), managedObjectContext: stack.context, sectionNameKeyPath: nil, cacheName: nil)
            XCTAssertThrowsError(try controller.performFetch()) { error in
                let error = error as NSError
                XCTAssertEqual(error.domain, NSCocoaErrorDomain)
                XCTAssertEqual(error.code, 134060)
                XCTAssertTrue(error.localizedDescription.contains("fetchRequest.sortDescriptors"), error.localizedDescription)
            }
            XCTAssertNil(controller.fetchedObjects, "\(stack.kind)")
        }
    }

    func testPerformFetchFailsWhenTheFirstSortKeyIsNotTheSectionKeyPath() throws {
        try onBothStores { stack in
            _ = try garage(stack.context)
            let request = Car.fetchRequest()
            request.sortDescriptors = [GraphSortDescriptor(key: "make"), GraphSortDescriptor(key: "owner.name")]
            let controller = FetchedResultsController(fetchRequest: request, managedObjectContext: stack.context, sectionNameKeyPath: "owner.name", cacheName: nil)
            XCTAssertThrowsError(try controller.performFetch()) { error in
                let error = error as NSError
                XCTAssertEqual(error.code, 134060)
                XCTAssertTrue(error.localizedDescription.contains("\"owner.name\""), error.localizedDescription)
                XCTAssertTrue(error.localizedDescription.contains("\"make\""), error.localizedDescription)
                XCTAssertTrue(error.localizedDescription.contains("GraphSortDescriptor(key: \"owner.name\") first"), error.localizedDescription)
            }
            XCTAssertNil(controller.sections, "\(stack.kind)")
        }
    }

    // MARK: Changes

    func testInsertDeleteRenameAndUpdateReportExactlyTheirEvents() throws {
        try onBothStores { stack in
            let context = stack.context
            let (ana, _) = try garage(context)
            let (controller, recorder) = try recordedCarsByOwner(context)
            XCTAssertEqual(recorder.take(), [], "performFetch reports nothing (\(stack.kind))")

            let opel = Car(context: context)
            opel.make = "Opel"
            opel.owner = ana
            try context.save()
            XCTAssertEqual(recorder.take(), ["will", "insert Opel - [0,1]", "did"], "Ana: Fiat Opel Seat (\(stack.kind))")

            context.delete(try car("Fiat", in: context))
            try context.save()
            XCTAssertEqual(recorder.take(), ["will", "delete Fiat [0,0] -", "did"], "Opel and Seat shift without events (\(stack.kind))")

            try car("Seat", in: context).make = "Alfa"
            try context.save()
            XCTAssertEqual(recorder.take(), ["will", "move Alfa [0,1] [0,0]", "did"], "renamed past Opel (\(stack.kind))")

            opel.year = 2020
            try context.save()
            XCTAssertEqual(recorder.take(), ["will", "update Opel [0,1] -", "did"], "\(stack.kind)")

            // Looked up first: a fetch processes pending changes, which would report them apart.
            let audi = try car("Audi", in: context)
            let bmw = Car(context: context)
            bmw.make = "BMW"
            bmw.owner = ana
            context.delete(opel)
            audi.year = 2011
            try context.save()
            XCTAssertEqual(recorder.take(), ["will", "delete Opel [0,1] -", "insert BMW - [0,1]", "update Audi [1,0] -", "did"], "\(stack.kind)")

            XCTAssertEqual(controller.fetchedObjects?.map(\.make), ["Alfa", "BMW", "Audi"])
            context.reset()
            XCTAssertEqual(try context.fetch(controller.fetchRequest).map(\.make), ["Alfa", "BMW", "Audi"], "the controller agrees with a fetch (\(stack.kind))")
        }
    }

    func testARenamedObjectMovesAndTheOneItPassesDoesNot() throws {
        try onBothStores { stack in
            let context = stack.context
            _ = try garage(context)
            let (controller, recorder) = try recordedCarsByOwner(context)

            try car("Fiat", in: context).make = "Toyota"
            try context.save()
            XCTAssertEqual(recorder.take(), ["will", "move Toyota [0,0] [0,1]", "did"], "the Seat only shifts (\(stack.kind))")
            XCTAssertEqual(controller.fetchedObjects?.map(\.make), ["Seat", "Toyota", "Audi"])
        }
    }

    func testMovingToAnotherSectionInsertsAndDeletesSections() throws {
        try onBothStores { stack in
            let context = stack.context
            let (ana, bruno) = try garage(context)
            let (controller, recorder) = try recordedCarsByOwner(context)

            try car("Audi", in: context).owner = ana
            try context.save()
            XCTAssertEqual(recorder.take(), ["will", "section delete 1 Bruno", "move Audi [1,0] [0,0]", "did"], "Bruno's section empties (\(stack.kind))")
            XCTAssertEqual(controller.sections?.map(\.name), ["Ana"])

            let (seat, fiat) = (try car("Seat", in: context), try car("Fiat", in: context))
            let carla = Person(context: context)
            carla.name = "Carla"
            seat.owner = carla
            fiat.owner = bruno
            try context.save()
            XCTAssertEqual(recorder.take(), [
                "will", "section insert 1 Bruno", "section insert 2 Carla",
                "move Fiat [0,1] [1,0]", "move Seat [0,2] [2,0]", "did",
            ], "\(stack.kind)")
            XCTAssertEqual(controller.sections?.map(\.name), ["Ana", "Bruno", "Carla"])
            XCTAssertEqual(controller.sections?.map(\.numberOfObjects), [1, 1, 1])
        }
    }

    func testChangesToAnotherEntityReportNothing() throws {
        try onBothStores { stack in
            let context = stack.context
            let (ana, _) = try garage(context)
            let (controller, recorder) = try recordedCarsByOwner(context)

            let tag = Tag(context: context)
            tag.label = "family"
            ana.mutableSetValue(forKey: "tags").add(tag)
            ana.age = 30
            let dora = Person(context: context)
            dora.name = "Dora"
            try context.save()
            XCTAssertEqual(recorder.take(), [], "tags and people only (\(stack.kind))")
            XCTAssertEqual(controller.fetchedObjects?.map(\.make), ["Fiat", "Seat", "Audi"], "unchanged (\(stack.kind))")
        }
    }

    func testProcessPendingChangesWithoutSaveNotifies() throws {
        try onBothStores { stack in
            let context = stack.context
            let (_, bruno) = try garage(context)
            let (controller, recorder) = try recordedCarsByOwner(context)

            let volvo = Car(context: context)
            volvo.make = "Volvo"
            volvo.owner = bruno
            context.processPendingChanges()
            XCTAssertEqual(recorder.take(), ["will", "insert Volvo - [1,1]", "did"], "\(stack.kind)")
            XCTAssertTrue(context.hasChanges, "nothing was saved")
            XCTAssertEqual(controller.fetchedObjects?.map(\.make), ["Fiat", "Seat", "Audi", "Volvo"])

            context.delete(volvo)
            context.processPendingChanges()
            XCTAssertEqual(recorder.take(), ["will", "delete Volvo [1,1] -", "did"], "an unsaved insert deleted again (\(stack.kind))")
        }
    }

    /// A main-queue context processes its changes when the main run loop's turn ends, as Core
    /// Data's does: the controller reports them then, with no save and no call to
    /// `processPendingChanges()`; an object changed again in a later turn is reported again.
    func testTheEndOfARunLoopTurnReportsChangesWithoutASave() throws {
        func endTurn() { _ = RunLoop.main.run(mode: .default, before: .distantPast) }
        try onBothStores { stack in
            let context = stack.context
            let (ana, bruno) = try garage(context)
            let (controller, recorder) = try recordedCarsByOwner(context)
            endTurn()
            XCTAssertEqual(recorder.take(), [], "the save processed everything (\(stack.kind))")

            let volvo = Car(context: context)
            volvo.make = "Volvo"
            volvo.owner = bruno
            XCTAssertEqual(recorder.take(), [], "not before the turn ends (\(stack.kind))")
            endTurn()
            XCTAssertEqual(recorder.take(), ["will", "insert Volvo - [1,1]", "did"], "\(stack.kind)")

            let audi = try car("Audi", in: context)
            audi.make = "Zastava"
            endTurn()
            XCTAssertEqual(recorder.take(), ["will", "move Zastava [1,0] [1,1]", "did"], "\(stack.kind)")
            audi.make = "Alfa"
            endTurn()
            XCTAssertEqual(recorder.take(), ["will", "move Alfa [1,1] [1,0]", "did"], "changed again, reported again (\(stack.kind))")
            audi.owner = ana
            endTurn()
            XCTAssertEqual(recorder.take(), ["will", "move Alfa [1,0] [0,0]", "did"], "\(stack.kind)")

            try context.save()
            endTurn()
            XCTAssertEqual(recorder.take(), [], "the save found nothing left to report (\(stack.kind))")
            XCTAssertEqual(controller.fetchedObjects?.map(\.make), ["Alfa", "Fiat", "Seat", "Volvo"])
        }
    }

    /// An object changed after its insert was announced is reported again, as Core Data does:
    /// a new car given an owner before the save moves into that owner's section.
    func testAnInsertedObjectChangedBeforeTheSaveMoves() throws {
        try onBothStores { stack in
            let context = stack.context
            let (ana, _) = try garage(context)
            let (controller, recorder) = try recordedCarsByOwner(context)

            let mini = Car(context: context)
            mini.make = "Mini"
            context.processPendingChanges()
            XCTAssertEqual(recorder.take(), ["will", "section insert 0 ", "insert Mini - [0,0]", "did"], "\(stack.kind)")
            mini.owner = ana
            try context.save()
            XCTAssertEqual(recorder.take(), ["will", "section delete 0 ", "move Mini [0,0] [0,1]", "did"], "\(stack.kind)")
            XCTAssertEqual(controller.sections?.map(\.name), ["Ana", "Bruno"])
            XCTAssertEqual(controller.fetchedObjects?.map(\.make), ["Fiat", "Mini", "Seat", "Audi"])
            XCTAssertFalse(context.updatedObjects.contains(mini), "an inserted object is not an updated one")
        }
    }

    func testObjectsEnterAndLeaveThroughThePredicate() throws {
        try onBothStores { stack in
            let context = stack.context
            _ = try garage(context)
            let (controller, recorder) = try recordedCarsByOwner(context, predicate: GraphPredicate(format: "year >= %d", 2005))
            XCTAssertEqual(controller.fetchedObjects?.map(\.make), ["Seat", "Audi"], "\(stack.kind)")

            let (seat, fiat) = (try car("Seat", in: context), try car("Fiat", in: context))
            fiat.year = 2019
            seat.year = 1999
            let old = Car(context: context)
            old.make = "Ford"
            old.year = 1950
            try context.save()
            XCTAssertEqual(recorder.take(), ["will", "delete Seat [0,0] -", "insert Fiat - [0,0]", "did"], "Ford does not match (\(stack.kind))")
            XCTAssertEqual(controller.fetchedObjects?.map(\.make), ["Fiat", "Audi"])
        }
    }

    func testWithoutADelegateTheResultsStayAsFetched() throws {
        try onBothStores { stack in
            let context = stack.context
            let (ana, _) = try garage(context)
            let controller = carsByOwner(context)
            try controller.performFetch()
            let opel = Car(context: context)
            opel.make = "Opel"
            opel.owner = ana
            try context.save()
            XCTAssertEqual(controller.fetchedObjects?.map(\.make), ["Fiat", "Seat", "Audi"], "\(stack.kind)")

            let recorder = ChangeRecorder()
            controller.delegate = recorder
            try controller.performFetch()
            XCTAssertEqual(controller.fetchedObjects?.map(\.make), ["Fiat", "Opel", "Seat", "Audi"])
            controller.delegate = nil
            context.delete(opel)
            try context.save()
            XCTAssertEqual(recorder.take(), [], "tracking stops with the delegate (\(stack.kind))")
        }
    }

    func testAReleasedControllerStopsObserving() throws {
        try onBothStores { stack in
            let context = stack.context
            let (ana, _) = try garage(context)
            let recorder = ChangeRecorder()
            weak var released: FetchedResultsController<Car>?
            do {
                let controller = carsByOwner(context)
                controller.delegate = recorder
                try controller.performFetch()
                released = controller
            }
            XCTAssertNil(released, "the observation does not keep the controller alive (\(stack.kind))")
            let opel = Car(context: context)
            opel.owner = ana
            try context.save()
            XCTAssertEqual(recorder.take(), [])
        }
    }

    func testAnObjectMovedByAChangeToItsRelatedObjectIsReportedWithTheNextChanges() throws {
        try onBothStores { stack in
            let context = stack.context
            let firstAna = Person(context: context)
            firstAna.name = "Ana"
            let secondAna = Person(context: context)
            secondAna.name = "Ana"
            let bruno = Person(context: context)
            bruno.name = "Bruno"
            for (make, owner) in [("Fiat", firstAna), ("Kia", secondAna), ("Audi", bruno)] {
                let car = Car(context: context)
                car.make = make
                car.owner = owner
            }
            try context.save()
            let (controller, recorder) = try recordedCarsByOwner(context)

            secondAna.name = "Zoe"  // no car changes, so nothing is reported yet (as in Core Data)
            try context.save()
            XCTAssertEqual(recorder.take(), [])
            let opel = Car(context: context)
            opel.make = "Opel"
            opel.owner = bruno
            try context.save()
            // The Kia left section "Ana" meanwhile: reported now, so that the changes add up to
            // the new sections (Ana 1, Bruno 2, Zoe 1).
            XCTAssertEqual(recorder.take(), [
                "will", "section insert 2 Zoe", "insert Opel - [1,1]", "move Kia [0,1] [2,0]", "did",
            ], "\(stack.kind)")
            XCTAssertEqual(controller.sections?.map(\.numberOfObjects), [1, 2, 1])
        }
    }
}
