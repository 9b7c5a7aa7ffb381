// Mutant: sells whichever car of that model the unordered `cars` set yields first, not the oldest
// Hint: A relationship's Set has no order, so "the first matching car" there is not necessarily the oldest one.
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
                fatalError("Could not open the store: \(error)")
            }
        }
    }

    private func fetchPerson(_ name: String) throws -> Person? {
        let request = Person.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        return try context.fetch(request).first
    }

    /// Inserts a person and saves.
    func addPerson(name: String) throws {
        if try fetchPerson(name) != nil {
            throw GarageError.personExists(name)
        }
        let person = Person(context: context)
        person.name = name
        try context.save()
    }

    /// Inserts a car owned by `owner` and saves.
    func addCar(model: String, year: Int32, owner: String) throws {
        guard let person = try fetchPerson(owner) else {
            throw GarageError.noSuchPerson(owner)
        }
        let car = Car(context: context)
        car.model = model
        car.year = year
        car.owner = person
        try context.save()
    }

    /// Gives the seller's oldest car of this model to the buyer, and saves.
    func sell(model: String, from seller: String, to buyer: String) throws {
        guard let sellerPerson = try fetchPerson(seller) else {
            throw GarageError.noSuchPerson(seller)
        }
        guard let buyerPerson = try fetchPerson(buyer) else {
            throw GarageError.noSuchPerson(buyer)
        }
        guard let car = sellerPerson.cars.first(where: { $0.model == model }) else {
            throw GarageError.noSuchCar(model)
        }
        car.owner = buyerPerson
        try context.save()
    }

    /// The person's cars, oldest first, then by model.
    func cars(of name: String) throws -> [Car] {
        guard try fetchPerson(name) != nil else {
            throw GarageError.noSuchPerson(name)
        }
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner.name == %@", name)
        request.sortDescriptors = [GraphSortDescriptor(key: "year"), GraphSortDescriptor(key: "model")]
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
        guard let person = try fetchPerson(name) else {
            throw GarageError.noSuchPerson(name)
        }
        context.delete(person)
        try context.save()
    }

    /// The cars nobody owns, oldest first, then by model.
    func ownerlessCars() throws -> [Car] {
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "owner == nil")
        request.sortDescriptors = [GraphSortDescriptor(key: "year"), GraphSortDescriptor(key: "model")]
        return try context.fetch(request)
    }
}
