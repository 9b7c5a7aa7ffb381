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
    /// Opens the store, migrating a store made by an older version of the model.
    /// - Throws: the error the store was loaded with.
    init() throws {
        // TODO: a PersistentContainer named "Garage"; load its store and throw its error.
    }

    /// Adds a car and saves.
    func addCar(make: String, year: Int, licencePlate: String?) throws {
        // TODO
    }

    /// Sets the plate of every car of this make, or throws `GarageError.noSuchCar`.
    func setPlate(make: String, licencePlate: String?) throws {
        // TODO
    }

    /// Every car, sorted by make, then year.
    func cars() throws -> [CarInfo] {
        // TODO
        []
    }
}
