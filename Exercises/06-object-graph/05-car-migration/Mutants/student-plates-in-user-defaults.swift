// Mutant: keeps each plate in UserDefaults under the car's make instead of in the model's new attribute, to avoid a migration; the plate is never in Garage.sqlite, a kill loses it, and two cars of one make share one plate
// Hint: A plate belongs to one car and must live with it in the store: a value in `UserDefaults` keyed by the make is shared by every car of that make, and a kill can lose it. The model's second version has an attribute for it, and the lightweight migration adds its column to old stores.
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

final class Garage {
    private let cars_: PersistentContainer
    private let defaults = UserDefaults.standard

    init() throws {
        cars_ = PersistentContainer(name: "Garage")
        var err: Error?
        cars_.loadPersistentStores { _, e in err = e }
        if err != nil {
            throw err!
        }
    }

    // Plates live in UserDefaults so the old Garage.sqlite does not have to change.
    private func plateKey(_ make: String) -> String {
        return "plate-" + make
    }

    private func plate(for make: String) -> String? {
        return defaults.string(forKey: plateKey(make))
    }

    private func rememberPlate(_ plate: String?, for make: String) {
        if plate == nil {
            defaults.removeObject(forKey: plateKey(make))
        } else {
            defaults.set(plate, forKey: plateKey(make))
        }
    }

    func addCar(make: String, year: Int, licencePlate: String?) throws {
        let context = cars_.viewContext
        let newCar = Car(context: context)
        newCar.year = Int32(year)
        newCar.make = make
        try context.save()
        if licencePlate != nil {
            rememberPlate(licencePlate, for: make)
        }
    }

    func setPlate(make: String, licencePlate: String?) throws {
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "make == %@", make)
        let howMany = try cars_.viewContext.count(for: request)
        if howMany == 0 {
            throw GarageError.noSuchCar(make)
        }
        rememberPlate(licencePlate, for: make)
    }

    func cars() throws -> [CarInfo] {
        let request = Car.fetchRequest()
        let sortMake = GraphSortDescriptor(key: "make", ascending: true)
        let sortYear = GraphSortDescriptor(key: "year", ascending: true)
        request.sortDescriptors = [sortMake, sortYear]
        var list: [CarInfo] = []
        for car in try cars_.viewContext.fetch(request) {
            let make = car.make ?? ""
            list.append(CarInfo(make: make, year: Int(car.year), licencePlate: plate(for: make)))
        }
        return list
    }
}
