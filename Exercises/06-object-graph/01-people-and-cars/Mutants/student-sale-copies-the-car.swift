// Mutant: sell inserts a new car like the sold one for the buyer instead of changing the car's owner, the way a student copies a row between tables in SQL, so the seller keeps the car too
// Hint: A sale moves the same car to a new owner; a new car made with the same model and year leaves the old one with the seller, so both own one. Check that selling changes the relationship of the car you found rather than inserting another.
import Foundation
import ObjectGraph

final class Person: ManagedObject {
    @Managed var name: String?
    @Managed var cars: Set<Car>
}

final class Car: ManagedObject {
    @Managed var model: String?
    @Managed var year: Int32
    @Managed var owner: Person?
}

enum GarageError: Error, Equatable {
    case personExists(String)
    case noSuchPerson(String)
    case noSuchCar(String)
}

final class Garage {
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    init() {
        container = PersistentContainer(name: "Garage")
        container.loadPersistentStores { description, error in
            if let error = error {
                fatalError("store failed \(error)")
            }
        }
    }

    func findPerson(_ name: String) -> Person? {
        let fetch = Person.fetchRequest()
        fetch.predicate = GraphPredicate(format: "name == %@", name)
        let results = try? context.fetch(fetch)
        return results?.first
    }

    func sortCars(_ cars: [Car]) -> [Car] {
        return cars.sorted { a, b in
            if a.year != b.year { return a.year < b.year }
            return (a.model ?? "") < (b.model ?? "")
        }
    }

    func addPerson(name: String) throws {
        if findPerson(name) != nil {
            throw GarageError.personExists(name)
        }
        let p = Person(context: context)
        p.name = name
        try context.save()
    }

    func addCar(model: String, year: Int32, owner: String) throws {
        guard let p = findPerson(owner) else { throw GarageError.noSuchPerson(owner) }
        let c = Car(context: context)
        c.model = model
        c.year = year
        c.owner = p
        try context.save()
    }

    func sell(model: String, from seller: String, to buyer: String) throws {
        guard let s = findPerson(seller) else { throw GarageError.noSuchPerson(seller) }
        guard let b = findPerson(buyer) else { throw GarageError.noSuchPerson(buyer) }
        let matching = sortCars(Array(s.cars)).filter { $0.model == model }
        guard let car = matching.first else { throw GarageError.noSuchCar(model) }
        // the buyer gets a car just like it
        let bought = Car(context: context)
        bought.model = car.model
        bought.year = car.year
        bought.owner = b
        try context.save()
    }

    func cars(of name: String) throws -> [Car] {
        guard let p = findPerson(name) else { throw GarageError.noSuchPerson(name) }
        return sortCars(Array(p.cars))
    }

    func people() throws -> [Person] {
        let fetch = Person.fetchRequest()
        fetch.sortDescriptors = [GraphSortDescriptor(key: "name", ascending: true)]
        return try context.fetch(fetch)
    }

    func removePerson(name: String) throws {
        guard let p = findPerson(name) else { throw GarageError.noSuchPerson(name) }
        context.delete(p)
        try context.save()
    }

    func ownerlessCars() throws -> [Car] {
        let fetch = Car.fetchRequest()
        fetch.predicate = GraphPredicate(format: "owner == nil")
        return sortCars(try context.fetch(fetch))
    }
}
