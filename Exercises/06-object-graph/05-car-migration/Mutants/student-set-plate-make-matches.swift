// Mutant: setPlate finds the cars with `make MATCHES %@`, taken for a whole-text comparison, but MATCHES reads the make as a regular expression: "Mini (R56)" does not match itself (the parentheses are a group) and throws noSuchCar, while "Seat Le.n" or "Fiat.*" plate the Seat León or every Fiat
// Hint: The make is compared as plain text, whole and exact: a comparison that reads the make as a pattern gives dots, stars and brackets a meaning they do not have in a make.
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
        // Lightweight migration: both flags are on by default; say so, since the update
        // depends on them.
        container.persistentStoreDescriptions[0].shouldMigrateStoreAutomatically = true
        container.persistentStoreDescriptions[0].shouldInferMappingModelAutomatically = true
        var failure: Error?
        container.loadPersistentStores { _, error in
            failure = error
        }
        if let failure {
            throw failure
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
        request.predicate = GraphPredicate(format: "make MATCHES %@", make)
        let cars = try context.fetch(request)
        guard !cars.isEmpty else {
            throw GarageError.noSuchCar(make)
        }
        for car in cars {
            car.licencePlate = licencePlate
        }
        if context.hasChanges {
            try context.save()
        }
    }

    /// Every car, sorted by make, then year.
    func cars() throws -> [CarInfo] {
        let request = Car.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "make"), GraphSortDescriptor(key: "year")]
        return try context.fetch(request).map { car in
            CarInfo(make: car.make ?? "", year: Int(car.year), licencePlate: car.licencePlate)
        }
    }
}
