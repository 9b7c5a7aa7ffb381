// Mutant: setPlate finds the cars with make CONTAINS, so a plate for "Seat" lands on every "Seat León" and a missing make is not reported
// Hint: setPlate changes the cars whose make is exactly the one given, not those whose make contains it.
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
        container.persistentStoreDescriptions[0].shouldMigrateStoreAutomatically = true
        container.persistentStoreDescriptions[0].shouldInferMappingModelAutomatically = true
        var loadError: Error?
        container.loadPersistentStores { _, error in
            loadError = error
        }
        if let loadError { throw loadError }
    }

    /// Adds a car and saves.
    func addCar(make: String, year: Int, licencePlate: String?) throws {
        let car = Car(context: context)
        car.make = make
        car.year = Int32(year)
        car.licencePlate = licencePlate
        try save()
    }

    /// Sets the plate of every car of this make, or throws `GarageError.noSuchCar`.
    func setPlate(make: String, licencePlate: String?) throws {
        let request = FetchRequest<Car>(entityName: "Car")
        request.predicate = GraphPredicate(format: "make CONTAINS %@", make)
        let cars = try context.fetch(request)
        guard !cars.isEmpty else { throw GarageError.noSuchCar(make) }
        for car in cars {
            car.licencePlate = licencePlate
        }
        try save()
    }

    /// Every car, sorted by make, then year.
    func cars() throws -> [CarInfo] {
        let request = FetchRequest<Car>(entityName: "Car")
        request.sortDescriptors = [GraphSortDescriptor(key: "make"), GraphSortDescriptor(key: "year")]
        return try context.fetch(request).map {
            CarInfo(make: $0.make ?? "", year: Int($0.year), licencePlate: $0.licencePlate)
        }
    }

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
