// Mutant: setPlate fetches every car on its first call and then looks for the make in that array on later calls in the launch, so a car added after the first setPlate is neither plated nor found
// Hint: Each setPlate must look at the cars as they are now, including those added since the last call.
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
        // Both flags are already true by default; they are set here so the intent is visible.
        for description in container.persistentStoreDescriptions {
            description.shouldMigrateStoreAutomatically = true
            description.shouldInferMappingModelAutomatically = true
        }
        var loadError: Error?
        container.loadPersistentStores { _, error in
            if let error { loadError = error }
        }
        if let loadError { throw loadError }
    }

    func addCar(make: String, year: Int, licencePlate: String?) throws {
        let car = Car(context: context)
        car.make = make
        car.year = Int32(year)
        car.licencePlate = licencePlate
        try context.save()
    }

    /// Sets the plate of every car of this make, or throws `GarageError.noSuchCar`.
    private var allCars: [Car]?

    func setPlate(make: String, licencePlate: String?) throws {
        if allCars == nil { allCars = try context.fetch(Car.fetchRequest()) }
        let cars = (allCars ?? []).filter { Array(($0.make ?? "").utf8) == Array(make.utf8) }
        guard !cars.isEmpty else { throw GarageError.noSuchCar(make) }
        for car in cars {
            car.licencePlate = licencePlate
        }
        try context.save()
    }

    /// Every car, sorted by make, then year.
    func cars() throws -> [CarInfo] {
        let request = Car.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "make"), GraphSortDescriptor(key: "year")]
        return try context.fetch(request).map {
            CarInfo(make: $0.make ?? "", year: Int($0.year), licencePlate: $0.licencePlate)
        }
    }
}
