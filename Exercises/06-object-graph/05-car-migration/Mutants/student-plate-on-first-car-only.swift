// Mutant: setPlate changes only the first car of that make
// Hint: Several cars can share a make; count how many of them get the new plate.
import Foundation
import ObjectGraph

final class Car: ManagedObject {
    @Managed var make: String?
    @Managed var year: Int32
    @Managed var licencePlate: String?
}

/// A car as the app shows it.
struct CarInfo: Equatable {
    var make: String
    var year: Int
    var licencePlate: String?
}

enum GarageError: Error, Equatable {
    case noSuchCar(String)
}

/// The garage's data: `Garage.sqlite`, opened with the current version (v2) of `Garage.yml`.
final class Garage {
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    /// Opens the store, migrating a store made by an older version of the model.
    /// - Throws: the error the store was loaded with.
    init() throws {
        container = PersistentContainer(name: "Garage")
        var storeError: Error?
        container.loadPersistentStores { _, error in
            storeError = error
        }
        if let storeError {
            throw storeError
        }
    }

    /// Adds a car and saves.
    func addCar(make: String, year: Int, licencePlate: String?) throws {
        let car = Car(context: context)
        car.make = make
        car.year = Int32(year)
        car.licencePlate = licencePlate
        try context.save()
    }

    /// Sets the plate of every car of this make, or throws `GarageError.noSuchCar`.
    func setPlate(make: String, licencePlate: String?) throws {
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "make == %@", make)
        guard let car = try context.fetch(request).first else {
            throw GarageError.noSuchCar(make)
        }
        car.licencePlate = licencePlate
        try context.save()
    }

    /// Every car, sorted by make, then year.
    func cars() throws -> [CarInfo] {
        let request = Car.fetchRequest()
        request.sortDescriptors = [
            GraphSortDescriptor(key: "make", ascending: true),
            GraphSortDescriptor(key: "year", ascending: true),
        ]
        return try context.fetch(request).map { car in
            CarInfo(make: car.make ?? "", year: Int(car.year), licencePlate: car.licencePlate)
        }
    }
}
