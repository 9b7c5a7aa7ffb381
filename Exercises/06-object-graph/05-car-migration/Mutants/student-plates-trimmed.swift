// Mutant: addCar and setPlate trim spaces and newlines around the plate before storing it, so a plate given as " 1234 ABC " is stored and listed as "1234 ABC" and a plate of spaces becomes ""
// Hint: A plate is stored as it is given, spaces included.
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
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
    }

    /// Adds a car and saves.
    func addCar(make: String, year: Int, licencePlate: String?) throws {
        let car = Car(context: context)
        car.make = make
        car.year = Int32(year)
        car.licencePlate = licencePlate.map(Self.cleaned)
        try context.save()
    }

    /// A plate as typed, without the spaces around it.
    private static func cleaned(_ plate: String) -> String {
        plate.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sets the plate of every car of this make, or throws `GarageError.noSuchCar`.
    func setPlate(make: String, licencePlate: String?) throws {
        let request = FetchRequest<Car>(entityName: "Car")
        request.predicate = GraphPredicate(format: "make == %@", make)
        let cars = try context.fetch(request)
        guard !cars.isEmpty else { throw GarageError.noSuchCar(make) }
        for car in cars {
            car.licencePlate = licencePlate.map(Self.cleaned)
        }
        try context.save()
    }

    /// Every car, sorted by make, then year.
    func cars() throws -> [CarInfo] {
        let request = FetchRequest<Car>(entityName: "Car")
        request.sortDescriptors = [GraphSortDescriptor(key: "make"), GraphSortDescriptor(key: "year")]
        return try context.fetch(request).map {
            CarInfo(make: $0.make ?? "", year: Int($0.year), licencePlate: $0.licencePlate)
        }
    }
}
