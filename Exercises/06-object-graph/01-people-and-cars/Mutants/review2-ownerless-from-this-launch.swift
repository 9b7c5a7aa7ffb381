// Mutant: ownerlessCars() returns the cars of the people removed in this launch, kept in a list by removePerson, so after a relaunch the cars left without an owner are not listed
// Hint: The cars without an owner are in the store: a person removed before a relaunch left theirs there too.
import Foundation
import ObjectGraph

/// A person of the garage (entity `Person` of `Garage.yml`).
final class Person: ManagedObject {
    @Managed var name: String?
    @Managed var cars: Set<Car>
}

/// A car (entity `Car`); `owner` is the inverse of `Person.cars`.
final class Car: ManagedObject {
    @Managed var model: String?
    @Managed var year: Int32
    @Managed var owner: Person?
}

enum GarageError: Error, Equatable {
    /// A person with this name is already in the garage.
    case personExists(String)
    /// No person has this name.
    case noSuchPerson(String)
    /// The seller owns no car of this model.
    case noSuchCar(String)
}

/// People and their cars, kept in the Core Data store `Garage.sqlite`.
final class Garage {
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    /// Loads the model `Garage.yml` and opens its store.
    init() {
        container = PersistentContainer(name: "Garage")
        container.loadPersistentStores { _, error in
            if let error { fatalError("Could not open the store: \(error)") }
        }
    }

    /// The sort of every list of cars: oldest first, then by model.
    private let carOrder = [GraphSortDescriptor(key: "year"), GraphSortDescriptor(key: "model")]

    /// The person with exactly this name, or nil.
    private func person(named name: String) throws -> Person? {
        let request = Person.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func existingPerson(named name: String) throws -> Person {
        guard let person = try person(named: name) else { throw GarageError.noSuchPerson(name) }
        return person
    }

    /// Inserts a person and saves.
    func addPerson(name: String) throws {
        if try person(named: name) != nil { throw GarageError.personExists(name) }
        let person = Person(context: context)
        person.name = name
        try context.save()
    }

    /// Inserts a car owned by `owner` and saves.
    func addCar(model: String, year: Int32, owner: String) throws {
        let person = try existingPerson(named: owner)
        let car = Car(context: context)
        car.model = model
        car.year = year
        car.owner = person                    // the inverse adds it to person.cars
        try context.save()
    }

    /// Gives the seller's oldest car of this model to the buyer, and saves.
    func sell(model: String, from seller: String, to buyer: String) throws {
        let from = try existingPerson(named: seller)
        let to = try existingPerson(named: buyer)
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == %@ AND model == %@", from, model)
        request.sortDescriptors = carOrder
        guard let car = try context.fetch(request).first else { throw GarageError.noSuchCar(model) }
        car.owner = to                        // leaves from.cars, joins to.cars
        try context.save()
    }

    /// The person's cars, oldest first, then by model.
    func cars(of name: String) throws -> [Car] {
        let person = try existingPerson(named: name)
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == %@", person)
        request.sortDescriptors = carOrder
        return try context.fetch(request)
    }

    /// Everyone, by name.
    func people() throws -> [Person] {
        let request = Person.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return try context.fetch(request)
    }

    /// Deletes a person and saves; their cars stay, without an owner.
    private var released: [Car] = []

    func removePerson(name: String) throws {
        let person = try existingPerson(named: name)
        let cars = person.cars
        context.delete(person)
        try context.save()
        released += cars
    }

    /// The cars nobody owns, oldest first, then by model.
    func ownerlessCars() throws -> [Car] {
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == nil")
        request.sortDescriptors = carOrder
        return try context.fetch(request).filter { car in released.contains { $0 === car } }
    }
}
