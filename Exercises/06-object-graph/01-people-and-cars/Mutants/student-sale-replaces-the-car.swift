// Mutant: sell deletes the seller's car and inserts a new Car with the same model and year for the buyer, so the car sold is not the same object (a new row, a new Z_PK), and selling a car to its own owner also replaces it
// Hint: A sale hands over the very car the seller owns; deleting it and inserting a look-alike for the buyer makes a different car, even when buyer and seller are the same person.
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
            if let error {
                fatalError("Could not open the store Garage.sqlite: \(error)")
            }
        }
    }

    /// Inserts a person and saves.
    func addPerson(name: String) throws {
        guard try person(named: name) == nil else {
            throw GarageError.personExists(name)
        }
        let person = Person(context: context)
        person.name = name
        try save()
    }

    /// Inserts a car owned by `owner` and saves.
    func addCar(model: String, year: Int32, owner: String) throws {
        let person = try existingPerson(named: owner)
        let car = Car(context: context)
        car.model = model
        car.year = year
        car.owner = person
        try save()
    }

    /// Gives the seller's oldest car of this model to the buyer, and saves.
    func sell(model: String, from seller: String, to buyer: String) throws {
        let from = try existingPerson(named: seller)
        let to = try existingPerson(named: buyer)

        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == %@ AND model == %@", from, model)
        request.sortDescriptors = Self.carOrder
        request.fetchLimit = 1
        guard let car = try context.fetch(request).first else {
            throw GarageError.noSuchCar(model)
        }
        // The buyer gets a car of their own, with the same model and year, and the
        // seller's is taken off the books.
        let bought = Car(context: context)
        bought.model = car.model
        bought.year = car.year
        bought.owner = to
        context.delete(car)
        try save()
    }

    /// The person's cars, oldest first, then by model.
    func cars(of name: String) throws -> [Car] {
        let person = try existingPerson(named: name)
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == %@", person)
        request.sortDescriptors = Self.carOrder
        return try context.fetch(request)
    }

    /// Everyone, by name.
    func people() throws -> [Person] {
        let request = Person.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return try context.fetch(request)
    }

    /// Deletes a person and saves; their cars stay, without an owner.
    func removePerson(name: String) throws {
        let person = try existingPerson(named: name)
        context.delete(person)   // the nullify rule clears the owner of each car
        try save()
    }

    /// The cars nobody owns, oldest first, then by model.
    func ownerlessCars() throws -> [Car] {
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == nil")
        request.sortDescriptors = Self.carOrder
        return try context.fetch(request)
    }

    // MARK: - Helpers

    /// The order of `cars(of:)`: by year, oldest first, then by model.
    private static var carOrder: [GraphSortDescriptor] {
        [GraphSortDescriptor(key: "year", ascending: true),
         GraphSortDescriptor(key: "model", ascending: true)]
    }

    /// The person with exactly this name (case, spaces and accents included), or nil.
    private func person(named name: String) throws -> Person? {
        let request = Person.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func existingPerson(named name: String) throws -> Person {
        guard let person = try person(named: name) else {
            throw GarageError.noSuchPerson(name)
        }
        return person
    }

    /// Saves, and leaves the context clean even when the save fails.
    private func save() throws {
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
    }
}
