// Mutant: setPlate trims spaces and newlines around the make before looking for its cars, so setPlate(make: "Seat León ", ...) plates the "Seat León" cars instead of throwing noSuchCar("Seat León "), and a make stored with spaces around it (" Seat") can no longer be given a plate: setPlate(make: " Seat", ...) throws noSuchCar
// Hint: setPlate looks for exactly that make: "Seat León " with a space is no car's make.
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
        // The model file's current version (v2). The default store description migrates
        // automatically and infers the mapping: a v1 store gains the new column as it opens.
        container = PersistentContainer(name: "Garage")
        var loadError: Error?
        container.loadPersistentStores { _, error in
            loadError = error
        }
        if let loadError {
            throw loadError
        }
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
        // The make comes from a text field: spaces typed around it are not part of it.
        let typedMake = make.trimmingCharacters(in: .whitespacesAndNewlines)
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "make == %@", typedMake)
        let cars = try context.fetch(request)
        guard !cars.isEmpty else {
            throw GarageError.noSuchCar(make)
        }
        for car in cars {
            car.licencePlate = licencePlate
        }
        try save()
    }

    /// Every car, sorted by make, then year.
    func cars() throws -> [CarInfo] {
        let request = Car.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "make"), GraphSortDescriptor(key: "year")]
        return try context.fetch(request).map {
            CarInfo(make: $0.make ?? "", year: Int($0.year), licencePlate: $0.licencePlate)
        }
    }

    private func save() throws {
        do {
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
    }
}
