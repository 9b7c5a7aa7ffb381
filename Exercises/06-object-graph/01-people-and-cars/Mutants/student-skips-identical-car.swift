// Mutant: addCar skips a car when its owner already has one of the same model and year, taking it for the same car entered twice, so a person who buys a second Fiat Punto 2000 keeps one car: cars(of:), person.cars and ZCAR have one row fewer
// Hint: A second car with the same model, year and owner is still a new car that the person now owns; addCar never treats it as a duplicate.
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
        guard try findPerson(name) == nil else {
            throw GarageError.personExists(name)
        }
        let person = Person(context: context)
        person.name = name
        try saveChanges()
    }

    /// Inserts a car owned by `owner` and saves.
    func addCar(model: String, year: Int32, owner: String) throws {
        let person = try requirePerson(owner)
        // The same car entered twice (same model and year for the same owner) is kept once.
        let existing = Car.fetchRequest()
        existing.predicate = GraphPredicate(format: "owner == %@ AND model == %@ AND year == %d",
                                            person, model, year)
        if try context.count(for: existing) > 0 {
            return
        }
        let car = Car(context: context)
        car.model = model
        car.year = year
        car.owner = person
        try saveChanges()
    }

    /// Gives the seller's oldest car of this model to the buyer, and saves.
    func sell(model: String, from seller: String, to buyer: String) throws {
        let sellingPerson = try requirePerson(seller)
        let buyingPerson = try requirePerson(buyer)

        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == %@ AND model == %@",
                                           sellingPerson, model)
        request.sortDescriptors = carOrder
        request.fetchLimit = 1
        guard let car = try context.fetch(request).first else {
            throw GarageError.noSuchCar(model)
        }
        if car.owner !== buyingPerson {
            car.owner = buyingPerson        // the inverse moves it between the two `cars` sets
        }
        try saveChanges()
    }

    /// The person's cars, oldest first, then by model.
    func cars(of name: String) throws -> [Car] {
        let person = try requirePerson(name)
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
    func removePerson(name: String) throws {
        let person = try requirePerson(name)
        context.delete(person)
        try saveChanges()
    }

    /// The cars nobody owns, oldest first, then by model.
    func ownerlessCars() throws -> [Car] {
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == nil")
        request.sortDescriptors = carOrder
        return try context.fetch(request)
    }

    // MARK: - Helpers

    /// Year (oldest first), then model; the store breaks the remaining ties by key.
    private var carOrder: [GraphSortDescriptor] {
        [GraphSortDescriptor(key: "year", ascending: true),
         GraphSortDescriptor(key: "model", ascending: true)]
    }

    /// The person with exactly this name (the name travels as an argument, never as format).
    private func findPerson(_ name: String) throws -> Person? {
        let request = Person.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func requirePerson(_ name: String) throws -> Person {
        guard let person = try findPerson(name) else {
            throw GarageError.noSuchPerson(name)
        }
        return person
    }

    /// Saves what changed; a save that fails leaves nothing unsaved behind.
    private func saveChanges() throws {
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
    }
}
