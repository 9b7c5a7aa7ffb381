// Mutant: looks people up with ==[c], because a student expects names typed by users to match whatever their case, so adding "pedro" after "Pedro" throws personExists, though the statement compares names exactly
// Hint: The statement compares names exactly: `Pedro` and `pedro` are two people. Check the comparison in the predicate that finds a person: any option that ignores case makes the two names one.
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
        fetch.predicate = GraphPredicate(format: "name ==[c] %@", name)
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
        car.owner = b
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
