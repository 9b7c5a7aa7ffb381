// Mutant: setPlate finds the cars with `make LIKE %@` (case-sensitive, so `seat león` is not `Seat León`), which reads `*` and `?` in the make as wildcards: setPlate(make: "Seat*", ...) plates every Seat León and Seat Ibiza, and setPlate(make: "Min?", ...) the Minis, instead of throwing noSuchCar
// Hint: LIKE reads * and ? in the make as wildcards, so it does not find the cars with exactly that make.
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
    private let container: PersistentContainer
    private var context: ManagedObjectContext { container.viewContext }

    /// Opens the store, migrating a store made by an older version of the model.
    /// - Throws: the error the store was loaded with.
    init() throws {
        container = PersistentContainer(name: "Garage")
        // Lightweight migration is what the new release relies on: say so explicitly.
        for description in container.persistentStoreDescriptions {
            description.shouldMigrateStoreAutomatically = true
            description.shouldInferMappingModelAutomatically = true
        }
        var loadError: Error?
        container.loadPersistentStores { _, error in
            if let error { loadError = error }
        }
        if let loadError {
            throw loadError
        }
    }

    /// Adds a car and saves.
    func addCar(make: String, year: Int, licencePlate: String?) throws {
        let car = Car(context: context)
        car.make = make
        car.year = Int32(clamping: year)
        car.licencePlate = licencePlate
        try context.save()
    }

    /// Sets the plate of every car of this make, or throws `GarageError.noSuchCar`.
    func setPlate(make: String, licencePlate: String?) throws {
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "make LIKE %@", make)
        let matching = try context.fetch(request)
        guard !matching.isEmpty else {
            throw GarageError.noSuchCar(make)
        }
        for car in matching {
            car.licencePlate = licencePlate
        }
        if context.hasChanges {
            try context.save()
        }
    }

    /// Every car, sorted by make, then year.
    func cars() throws -> [CarInfo] {
        let request = Car.fetchRequest()
        request.sortDescriptors = [
            GraphSortDescriptor(key: "make"),
            GraphSortDescriptor(key: "year"),
        ]
        return try context.fetch(request).map { car in
            CarInfo(make: car.make ?? "", year: Int(car.year), licencePlate: car.licencePlate)
        }
    }
}
